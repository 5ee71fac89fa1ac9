/**
 * Procedural, premium-catalogue-style product photos for the seed data.
 *
 * Each product is drawn as SVG by code (silhouette with lighting gradients, seams,
 * stitching and hardware) on a warm studio sweep with a soft vignette and contact
 * shadow, then rasterised with sharp. Output is fully deterministic for a given input.
 */
import sharp from 'sharp';

import { makePalette, mix, type Palette } from './color.js';
import {
  drawBackpack,
  drawBucket,
  drawClutch,
  drawCrossbody,
  drawEvening,
  drawHandbag,
  drawHobo,
  drawSatchel,
  drawShoulder,
  drawTote,
} from './shapes-bags.js';
import {
  drawAgbada,
  drawBlazer,
  drawJacket,
  drawJeans,
  drawKaftan,
  drawKnitwear,
  drawPolo,
  drawShirt,
  drawSuit,
  drawTie,
  drawTrousers,
  drawTshirt,
} from './shapes-garments.js';
import {
  baseDefs,
  createRng,
  metalTones,
  n,
  patternDefs,
  type DrawCtx,
  type Drawing,
  type MetalKind,
  type PatternName,
} from './svg-kit.js';

export const productShapes = [
  'tote',
  'shoulder',
  'crossbody',
  'clutch',
  'handbag',
  'satchel',
  'hobo',
  'backpack',
  'bucket',
  'evening',
  'shirt',
  'suit',
  'trousers',
  'blazer',
  'jacket',
  'polo',
  'tshirt',
  'kaftan',
  'agbada',
  'knitwear',
  'jeans',
  'tie',
] as const;
export type ProductShape = (typeof productShapes)[number];

export interface RenderProductImageInput {
  shape: ProductShape;
  /** Main colour of the product, e.g. '#1f2a44'. */
  colorHex: string;
  /** 0 = front hero shot, 1 = three-quarter / alternate framing, 2 = detail close-up. */
  view: 0 | 1 | 2;
  /** Deterministic small variations (background nuance, metal finish, accents). */
  seed: number;
}

export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 1500;

const drawers: Record<ProductShape, (ctx: DrawCtx) => Drawing> = {
  tote: drawTote,
  shoulder: drawShoulder,
  crossbody: drawCrossbody,
  clutch: drawClutch,
  handbag: drawHandbag,
  satchel: drawSatchel,
  hobo: drawHobo,
  backpack: drawBackpack,
  bucket: drawBucket,
  evening: drawEvening,
  shirt: drawShirt,
  suit: drawSuit,
  trousers: drawTrousers,
  blazer: drawBlazer,
  jacket: drawJacket,
  polo: drawPolo,
  tshirt: drawTshirt,
  kaftan: drawKaftan,
  agbada: drawAgbada,
  knitwear: drawKnitwear,
  jeans: drawJeans,
  tie: drawTie,
};

/** Studio sweep tones (top of wall, lit band near the horizon, floor in front). */
const backdrops: ReadonlyArray<readonly [string, string, string]> = [
  ['#e9e3da', '#f3eee7', '#e2dbd0'], // warm cream
  ['#e6e3de', '#f1efeb', '#dfdbd5'], // light greige
  ['#e8e0d5', '#f2ebe2', '#e1d8cb'], // soft sand
];

const accents = ['#f4efe4', '#7a2430', '#c7a26a', '#233a5e', '#2f4a3a', '#b8603e'] as const;

function pick<T>(items: readonly T[], r: number): T {
  const item = items[Math.min(items.length - 1, Math.floor(r * items.length))];
  if (item === undefined) throw new Error('pick() on an empty list');
  return item;
}

function pickMetal(r: number, shape: ProductShape): MetalKind {
  if (shape === 'evening') return r < 0.55 ? 'gold' : 'silver';
  if (r < 0.45) return 'gold';
  if (r < 0.75) return 'silver';
  if (r < 0.9) return 'champagne';
  return 'gunmetal';
}

/** Accent that contrasts with the product colour (pocket squares, linings, tie motifs). */
function pickAccent(p: Palette, r: number): string {
  const start = Math.floor(r * accents.length);
  for (let i = 0; i < accents.length; i++) {
    const a = accents[(start + i) % accents.length];
    if (a === undefined) continue;
    const la = makePalette(a).lum;
    if (Math.abs(la - p.lum) > 0.12) return a;
  }
  return p.isLight ? '#233a5e' : '#f4efe4';
}

function backgroundDefs(p: Palette, tone: readonly [string, string, string]): string {
  // White / cream products get a slightly deeper sweep so they separate from it.
  const deepen = p.lum > 0.62 ? 0.16 : p.lum > 0.45 ? 0.07 : 0;
  const shade = (c: string): string => mix(c, '#8c7f70', deepen);
  const [top, mid, bottom] = tone;
  return (
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${shade(top)}"/>` +
    `<stop offset="0.58" stop-color="${shade(mid)}"/>` +
    `<stop offset="0.82" stop-color="${shade(mix(mid, bottom, 0.45))}"/>` +
    `<stop offset="1" stop-color="${shade(bottom)}"/></linearGradient>` +
    `<radialGradient id="bgl" cx="0.5" cy="0.46" r="0.8" fx="0.34" fy="0.28">` +
    `<stop offset="0" stop-color="#fff" stop-opacity="0.42"/>` +
    `<stop offset="0.42" stop-color="#fff" stop-opacity="0.06"/>` +
    `<stop offset="0.7" stop-color="#3a2a1a" stop-opacity="0.02"/>` +
    `<stop offset="1" stop-color="#3a2a1a" stop-opacity="0.2"/></radialGradient>`
  );
}

interface Frame {
  /** Affine transform from drawing coords to canvas coords. */
  transform: string;
}

function frameFor(d: Drawing, view: 0 | 1 | 2, isBag: boolean): Frame {
  const [x0, y0, x1, y1] = d.box;
  const w = x1 - x0;
  const h = y1 - y0;
  const s = Math.min((IMAGE_HEIGHT * 0.7) / h, (IMAGE_WIDTH * 0.8) / w);
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const heroCy = IMAGE_HEIGHT * 0.49;
  if (view === 2) {
    const z = s * d.detail.zoom;
    return {
      transform: `translate(${n(IMAGE_WIDTH / 2 - d.detail.x * z)} ${n(IMAGE_HEIGHT * 0.48 - d.detail.y * z)}) scale(${n(z * 1000) / 1000})`,
    };
  }
  if (view === 1 && (!isBag || d.alt)) {
    const alt = d.alt ?? { x: cx, y: y0 + h * 0.34, zoom: 1.5, rotate: -4 };
    const z = s * alt.zoom;
    return {
      transform: `translate(${n(IMAGE_WIDTH / 2)} ${n(IMAGE_HEIGHT * 0.5)}) rotate(${n(alt.rotate)}) scale(${n(z * 1000) / 1000}) translate(${n(-alt.x)} ${n(-alt.y)})`,
    };
  }
  return {
    transform: `translate(${n(IMAGE_WIDTH / 2 - cx * s)} ${n(heroCy - cy * s)}) scale(${n(s * 1000) / 1000})`,
  };
}

function contactShadow(d: Drawing, p: Palette): string {
  const gx = (d.box[0] + d.box[2]) / 2;
  const w = d.shadowW;
  const strength = p.isLight ? 1.15 : 1;
  if (d.kind === 'garment') {
    return (
      `<ellipse cx="${n(gx)}" cy="${n(d.ground)}" rx="${n(w * 1.05)}" ry="${n(w * 0.09)}" fill="url(#cs)" opacity="${n(0.26 * strength * 100) / 100}"/>` +
      `<ellipse cx="${n(gx)}" cy="${n(d.ground)}" rx="${n(w * 0.7)}" ry="${n(w * 0.035)}" fill="url(#cs)" opacity="${n(0.18 * strength * 100) / 100}"/>`
    );
  }
  return (
    `<ellipse cx="${n(gx + w * 0.06)}" cy="${n(d.ground - 4)}" rx="${n(w * 1.18)}" ry="${n(Math.max(26, w * 0.13))}" fill="url(#cs)" opacity="${n(0.32 * strength * 100) / 100}"/>` +
    `<ellipse cx="${n(gx + w * 0.02)}" cy="${n(d.ground - 2)}" rx="${n(w * 0.98)}" ry="${n(Math.max(8, w * 0.035))}" fill="url(#cs)" opacity="${n(0.6 * strength * 100) / 100}"/>`
  );
}

const bagShapes: ReadonlySet<ProductShape> = new Set<ProductShape>([
  'tote',
  'shoulder',
  'crossbody',
  'clutch',
  'handbag',
  'satchel',
  'hobo',
  'backpack',
  'bucket',
  'evening',
]);

function assertInput(input: RenderProductImageInput): void {
  if (!(productShapes as readonly string[]).includes(input.shape)) {
    throw new Error(`Unknown product shape: ${String(input.shape)}`);
  }
  if (input.view !== 0 && input.view !== 1 && input.view !== 2) {
    throw new Error(`Invalid view: ${String(input.view)}`);
  }
  if (!Number.isFinite(input.seed)) throw new Error('seed must be a finite number');
}

/** Returns the SVG source (1200×1500) for one product photo. */
export function renderProductSvg(input: RenderProductImageInput): string {
  assertInput(input);
  const rng = createRng(input.seed);
  const p = makePalette(input.colorHex);
  const tone = pick(backdrops, rng());
  const metal = pickMetal(rng(), input.shape);
  const accent = pickAccent(p, rng());
  const isBag = bagShapes.has(input.shape);
  const ctx: DrawCtx = {
    p,
    metal,
    m: metalTones[metal],
    rng: createRng(input.seed * 7919 + 17),
    angled: isBag && input.view === 1,
    accent,
    used: new Set<PatternName>(),
    extraDefs: [],
  };
  const drawing = drawers[input.shape](ctx);
  const frame = frameFor(drawing, input.view, isBag);
  const defs =
    backgroundDefs(p, tone) +
    baseDefs(p, ctx.m) +
    patternDefs(ctx.used, p, ctx.m, accent) +
    ctx.extraDefs.join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}">` +
    `<defs>${defs}</defs>` +
    `<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#bg)"/>` +
    `<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#bgl)"/>` +
    `<g transform="${frame.transform}">${contactShadow(drawing, p)}${drawing.svg}</g>` +
    `</svg>`
  );
}

/** Renders one product photo as a 1200×1500 PNG. */
export async function renderProductImage(input: RenderProductImageInput): Promise<Buffer> {
  const svg = renderProductSvg(input);
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}
