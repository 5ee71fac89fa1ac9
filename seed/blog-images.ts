/**
 * Editorial pictures for the Journal's demo posts, drawn locally like the product photos: a coloured
 * set with window light, blinds, a plaster arch, palm shadows or a spotlight, and the shop's own
 * product drawings (see images/render-product-image.ts) arranged on it as a still life. 16:10, no text.
 */
import sharp, { type OverlayOptions } from 'sharp';
import { renderProductSvg, type ProductShape } from './images/render-product-image';

export const SCENE_WIDTH = 1600;
export const SCENE_HEIGHT = 1000;

export interface BlogSceneItem {
  shape: ProductShape;
  colorHex: string;
  /** Where the product stands: its centre across and its base down, as fractions of the picture. */
  x: number;
  y: number;
  /** The product's height as a fraction of the picture's height. */
  height: number;
  rotate?: number;
}

export interface BlogSceneInput {
  /** Wall, lit wall and floor tones. */
  backdrop: readonly [string, string, string];
  light: 'window' | 'blinds' | 'arch' | 'leaves' | 'spot';
  seed: number;
  items: BlogSceneItem[];
  giftBox?: { x: number; y: number; colorHex: string; ribbonHex: string };
}

const W = SCENE_WIDTH;
const H = SCENE_HEIGHT;
const HORIZON = 0.72;

function rng(seed: number) {
  let state = (seed * 2654435761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };
}

function lightLayer(input: BlogSceneInput): string {
  const random = rng(input.seed);
  switch (input.light) {
    case 'window': {
      // Four panes of afternoon sun thrown across the wall, softened.
      const x0 = W * (0.08 + random() * 0.1);
      const panes: string[] = [];
      for (let row = 0; row < 2; row++)
        for (let column = 0; column < 2; column++) {
          const x = x0 + column * 250 + row * 120;
          const y = 90 + row * 260;
          panes.push(
            `<path d="M${x} ${y} l230 0 l110 240 l-230 0 Z" fill="#fff8ea" fill-opacity="0.22" filter="url(#soft)"/>`,
          );
        }
      return panes.join('');
    }
    case 'blinds': {
      const stripes: string[] = [];
      for (let index = 0; index < 9; index++) {
        const y = 40 + index * 70;
        stripes.push(
          `<path d="M${W * 0.25} ${y} L${W * 1.05} ${y - 260} L${W * 1.05} ${y - 226} L${W * 0.25} ${y + 34} Z" fill="#fff6e6" fill-opacity="0.2"/>`,
        );
      }
      return `<g filter="url(#soft)">${stripes.join('')}</g>`;
    }
    case 'arch': {
      const cx = W * 0.5;
      const width = W * 0.46;
      const top = H * 0.08;
      const bottom = H * HORIZON;
      const r = width / 2;
      return (
        `<path d="M${cx - r} ${bottom} L${cx - r} ${top + r} A${r} ${r} 0 0 1 ${cx + r} ${top + r} L${cx + r} ${bottom} Z" fill="url(#arch)"/>` +
        `<path d="M${cx - r} ${bottom} L${cx - r} ${top + r} A${r} ${r} 0 0 1 ${cx + r} ${top + r} L${cx + r} ${bottom}" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="6" filter="url(#soft)"/>`
      );
    }
    case 'leaves': {
      // Palm-frond shadows falling from the top left.
      const fronds: string[] = [];
      for (let index = 0; index < 3; index++) {
        const bx = W * (0.02 + index * 0.16 + random() * 0.05);
        const by = -40 + random() * 60;
        const angle = 28 + index * 14 + random() * 10;
        const leaflets: string[] = [];
        for (let leaf = 0; leaf < 14; leaf++) {
          const t = 40 + leaf * 34;
          const length = 150 - Math.abs(leaf - 6) * 9;
          leaflets.push(
            `<path d="M0 ${t} q${length * 0.55} ${-14} ${length} ${22} q${-length * 0.5} ${2} ${-length} ${-10} Z"/>`,
            `<path d="M0 ${t} q${-length * 0.55} ${-14} ${-length} ${22} q${length * 0.5} ${2} ${length} ${-10} Z"/>`,
          );
        }
        fronds.push(
          `<g transform="translate(${bx} ${by}) rotate(${-angle})"><rect x="-3" y="0" width="6" height="520"/>${leaflets.join('')}</g>`,
        );
      }
      return `<g fill="#1e120a" fill-opacity="0.2" filter="url(#softer)">${fronds.join('')}</g>`;
    }
    case 'spot':
      return `<ellipse cx="${W * 0.52}" cy="${H * 0.5}" rx="${W * 0.42}" ry="${H * 0.55}" fill="url(#spot)"/>`;
  }
}

function backdropSvg(input: BlogSceneInput): string {
  const [wall, lit, floor] = input.backdrop;
  const horizon = H * HORIZON;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    '<defs>' +
    `<radialGradient id="wall" cx="0.5" cy="0.45" r="0.8" fx="0.42" fy="0.32"><stop offset="0" stop-color="${lit}"/><stop offset="0.7" stop-color="${wall}"/><stop offset="1" stop-color="${floor}"/></radialGradient>` +
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${floor}"/><stop offset="1" stop-color="${wall}"/></linearGradient>` +
    `<linearGradient id="arch" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lit}"/><stop offset="1" stop-color="${wall}"/></linearGradient>` +
    `<radialGradient id="spot"><stop offset="0" stop-color="#fff3dc" stop-opacity="0.32"/><stop offset="1" stop-color="#fff3dc" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="edge" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>` +
    '<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="14"/></filter>' +
    '<filter id="softer" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="7"/></filter>' +
    '</defs>' +
    `<rect width="${W}" height="${H}" fill="url(#wall)"/>` +
    lightLayer(input) +
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#floor)"/>` +
    `<rect y="${horizon}" width="${W}" height="40" fill="url(#edge)"/>` +
    `<rect y="${horizon - 1}" width="${W}" height="2" fill="#fff" fill-opacity="0.12"/>` +
    '</svg>'
  );
}

function vignetteSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
    '<defs><radialGradient id="v" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.38"/></radialGradient></defs>' +
    `<rect width="${W}" height="${H}" fill="url(#v)"/></svg>`
  );
}

function giftBoxSvg(box: NonNullable<BlogSceneInput['giftBox']>): string {
  const size = 170;
  const x = box.x * W - size / 2;
  const y = box.y * H - size / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
    '<defs><filter id="s" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="10"/></filter>' +
    `<linearGradient id="lid" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.14"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient></defs>` +
    `<ellipse cx="${x + size / 2 + 14}" cy="${y + size + 6}" rx="${size * 0.62}" ry="16" fill="#000" fill-opacity="0.35" filter="url(#s)"/>` +
    `<rect x="${x}" y="${y + 26}" width="${size}" height="${size - 26}" rx="3" fill="${box.colorHex}"/>` +
    `<rect x="${x}" y="${y + 26}" width="${size}" height="${size - 26}" rx="3" fill="url(#lid)"/>` +
    `<rect x="${x - 8}" y="${y}" width="${size + 16}" height="34" rx="3" fill="${box.colorHex}"/>` +
    `<rect x="${x - 8}" y="${y}" width="${size + 16}" height="34" rx="3" fill="url(#lid)"/>` +
    `<rect x="${x + size / 2 - 9}" y="${y}" width="18" height="${size}" fill="${box.ribbonHex}"/>` +
    `<rect x="${x - 8}" y="${y + 10}" width="${size + 16}" height="14" fill="${box.ribbonHex}"/>` +
    `<path d="M${x + size / 2} ${y + 4} C${x + size / 2 - 60} ${y - 60} ${x + size / 2 - 80} ${y + 10} ${x + size / 2} ${y + 4} Z" fill="none" stroke="${box.ribbonHex}" stroke-width="12"/>` +
    `<path d="M${x + size / 2} ${y + 4} C${x + size / 2 + 60} ${y - 60} ${x + size / 2 + 80} ${y + 10} ${x + size / 2} ${y + 4} Z" fill="none" stroke="${box.ribbonHex}" stroke-width="12"/>` +
    '</svg>'
  );
}

/** One product drawing without its studio sweep: transparent around it, trimmed to what is drawn. */
async function productCutout(item: BlogSceneItem, seed: number): Promise<Buffer> {
  const svg = renderProductSvg({ shape: item.shape, colorHex: item.colorHex, view: 0, seed }).replace(
    /<rect width="\d+" height="\d+" fill="url\(#bg\)"\/>/,
    '',
  );
  const targetHeight = Math.round(item.height * H);
  let image = sharp(Buffer.from(svg)).png().trim({ threshold: 1 });
  const trimmed = await image.toBuffer();
  image = sharp(trimmed).resize({ height: targetHeight });
  if (item.rotate) image = sharp(await image.png().toBuffer()).rotate(item.rotate, { background: '#0000' });
  return image.png().toBuffer();
}

/** Renders one post picture as a 1600×1000 PNG; the same input always gives the same picture. */
export async function renderBlogScene(input: BlogSceneInput): Promise<Buffer> {
  const layers: OverlayOptions[] = [];
  for (const [index, item] of input.items.entries()) {
    const cutout = await productCutout(item, input.seed + index);
    const meta = await sharp(cutout).metadata();
    const width = Math.min(meta.width ?? 0, W);
    const height = Math.min(meta.height ?? 0, H);
    const left = Math.round(Math.min(Math.max(item.x * W - width / 2, 0), W - width));
    const top = Math.round(Math.min(Math.max(item.y * H - height, 0), H - height));
    const fitted =
      width === meta.width && height === meta.height
        ? cutout
        : await sharp(cutout).resize({ width, height, fit: 'inside' }).png().toBuffer();
    layers.push({ input: fitted, left, top });
  }
  if (input.giftBox) layers.push({ input: Buffer.from(giftBoxSvg(input.giftBox)), left: 0, top: 0 });
  layers.push({ input: Buffer.from(vignetteSvg()), left: 0, top: 0 });
  return sharp(Buffer.from(backdropSvg(input)))
    .composite(layers)
    .png({ compressionLevel: 6 })
    .toBuffer();
}
