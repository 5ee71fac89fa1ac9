/**
 * Procedural, premium-catalogue-style product photos for the seed data.
 *
 * Each product is drawn as SVG by code (silhouette with lighting gradients, seams,
 * stitching and hardware) on a warm studio sweep with a soft vignette and contact
 * shadow, then rasterised with sharp. Output is fully deterministic for a given input.
 */
import sharp from 'sharp';
import type { TextureName } from './svg-kit.js';

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
  r2,
  type Box,
  type DrawCtx,
  type Drawing,
  type MetalKind,
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
  /** What sets one product apart from others of its shape: its surface, its cloth, its proportions. */
  look?: ProductLook;
}

export interface ProductLook {
  /** A bag's surface: croc, pebble grain, saffiano, quilting, raffia, suede, canvas, beads… */
  finish?: TextureName | 'smooth';
  /** Cloths replacing a garment drawer's defaults, e.g. { wool: 'chalk' } for a chalk-stripe suit. */
  textures?: Partial<Record<TextureName, TextureName>>;
  /** Width relative to height: 1.18 for a long weekender, 0.86 for a tall, narrow tote. */
  stretch?: number;
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
  const [wall, lit, floor] = tone;
  // A single radial gradient (librsvg fills cost per pixel, so one full-canvas
  // gradient instead of several): the key light falls from the top-left onto the
  // sweep behind the product, and the tones roll off into a soft vignette.
  return (
    `<radialGradient id="bg" cx="0.5" cy="0.5" r="0.78" fx="0.4" fy="0.34">` +
    `<stop offset="0" stop-color="${shade(mix(lit, '#ffffff', 0.35))}"/>` +
    `<stop offset="0.4" stop-color="${shade(lit)}"/>` +
    `<stop offset="0.78" stop-color="${shade(wall)}"/>` +
    `<stop offset="1" stop-color="${shade(mix(floor, '#6f6152', 0.12))}"/></radialGradient>`
  );
}

/** 2D affine matrix [a, b, c, d, e, f] as in SVG `matrix()`. */
type Mat = readonly [number, number, number, number, number, number];

const matMul = (m: Mat, k: Mat): Mat => [
  m[0] * k[0] + m[2] * k[1],
  m[1] * k[0] + m[3] * k[1],
  m[0] * k[2] + m[2] * k[3],
  m[1] * k[2] + m[3] * k[3],
  m[0] * k[4] + m[2] * k[5] + m[4],
  m[1] * k[4] + m[3] * k[5] + m[5],
];
const translate = (x: number, y: number): Mat => [1, 0, 0, 1, x, y];
const scale = (s: number): Mat => [s, 0, 0, s, 0, 0];
const rotate = (deg: number): Mat => {
  const r = (deg * Math.PI) / 180;
  return [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0];
};

/** Drawing → canvas transform for a view: hero framing, alternate framing or close-up. */
function frameFor(d: Drawing, view: 0 | 1 | 2, isBag: boolean): Mat {
  const [x0, y0, x1, y1] = d.box;
  const w = x1 - x0;
  const h = y1 - y0;
  const s = Math.min((IMAGE_HEIGHT * 0.7) / h, (IMAGE_WIDTH * 0.8) / w);
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  if (view === 2) {
    const z = s * d.detail.zoom;
    return matMul(
      translate(IMAGE_WIDTH / 2, IMAGE_HEIGHT * 0.48),
      matMul(scale(z), translate(-d.detail.x, -d.detail.y)),
    );
  }
  if (view === 1 && (!isBag || d.alt)) {
    const alt = d.alt ?? { x: cx, y: y0 + h * 0.36, zoom: 1.5, rotate: 0 };
    return matMul(
      translate(IMAGE_WIDTH / 2, IMAGE_HEIGHT * 0.5),
      matMul(rotate(alt.rotate), matMul(scale(s * alt.zoom), translate(-alt.x, -alt.y))),
    );
  }
  return matMul(translate(IMAGE_WIDTH / 2, IMAGE_HEIGHT * 0.49), matMul(scale(s), translate(-cx, -cy)));
}

/** Canvas rectangle mapped back into drawing coordinates (bounding box, with a margin). */
function visibleBox(m: Mat): Box {
  const det = m[0] * m[3] - m[1] * m[2];
  const inv = (x: number, y: number): [number, number] => {
    const px = x - m[4];
    const py = y - m[5];
    return [(m[3] * px - m[2] * py) / det, (-m[1] * px + m[0] * py) / det];
  };
  const pts = [inv(0, 0), inv(IMAGE_WIDTH, 0), inv(0, IMAGE_HEIGHT), inv(IMAGE_WIDTH, IMAGE_HEIGHT)];
  const xs = pts.map((q) => q[0]);
  const ys = pts.map((q) => q[1]);
  const pad = 20;
  return [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) + pad, Math.max(...ys) + pad];
}

const fmtMat = (m: Mat): string =>
  `matrix(${m.map((v, i) => (i < 4 ? String(Math.round(v * 10000) / 10000) : n(v))).join(' ')})`;

function contactShadow(d: Drawing, p: Palette): string {
  const gx = (d.box[0] + d.box[2]) / 2;
  const w = d.shadowW;
  const strength = p.isLight ? 1.15 : 1;
  if (d.kind === 'garment') {
    return (
      `<ellipse cx="${n(gx)}" cy="${n(d.ground)}" rx="${n(w * 1.05)}" ry="${n(w * 0.09)}" fill="url(#cs)" fill-opacity="${r2(0.26 * strength)}"/>` +
      `<ellipse cx="${n(gx)}" cy="${n(d.ground)}" rx="${n(w * 0.7)}" ry="${n(w * 0.035)}" fill="url(#cs)" fill-opacity="${r2(0.18 * strength)}"/>`
    );
  }
  return (
    `<ellipse cx="${n(gx + w * 0.06)}" cy="${n(d.ground - 4)}" rx="${n(w * 1.18)}" ry="${n(Math.max(26, w * 0.13))}" fill="url(#cs)" fill-opacity="${r2(0.32 * strength)}"/>` +
    `<ellipse cx="${n(gx + w * 0.02)}" cy="${n(d.ground - 2)}" rx="${n(w * 0.98)}" ry="${n(Math.max(8, w * 0.035))}" fill="url(#cs)" fill-opacity="${r2(0.6 * strength)}"/>`
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
  if (typeof input.colorHex !== 'string' || !/^#?(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(input.colorHex.trim())) {
    throw new Error(`Invalid colorHex: ${String(input.colorHex)}`);
  }
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
  const m = metalTones[metal];
  const stretch = input.look?.stretch ?? 1;
  const makeCtx = (visible?: Box, pxPerUnit?: number): DrawCtx => ({
    finish: input.look?.finish,
    textures: input.look?.textures,
    p,
    metal,
    m,
    rng: createRng(input.seed * 7919 + 17),
    angled: isBag && input.view === 1,
    accent,
    extraDefs: [],
    ...(visible ? { visible, pxPerUnit: pxPerUnit ?? 1 } : { measuring: true }),
  });
  // Pass 1 only measures the drawing to frame it; pass 2 draws with textures culled
  // to what is actually visible (matters for close-ups).
  const measured = drawers[input.shape](makeCtx());
  const stretched: Drawing = {
    ...measured,
    box: [measured.box[0] * stretch, measured.box[1], measured.box[2] * stretch, measured.box[3]],
    detail: { ...measured.detail, x: measured.detail.x * stretch },
    ...(measured.alt ? { alt: { ...measured.alt, x: measured.alt.x * stretch } } : {}),
  };
  const frame = matMul(frameFor(stretched, input.view, isBag), [stretch, 0, 0, 1, 0, 0]);
  const ctx = makeCtx(visibleBox(frame), Math.hypot(frame[0], frame[1]));
  const drawing = drawers[input.shape](ctx);
  const defs = backgroundDefs(p, tone) + baseDefs(p, m) + ctx.extraDefs.join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}">` +
    `<defs>${defs}</defs>` +
    `<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#bg)"/>` +
    `<g transform="${fmtMat(frame)}">${contactShadow(drawing, p)}${drawing.svg}</g>` +
    `</svg>`
  );
}

/** Renders one product photo as a 1200×1500 PNG. */
export async function renderProductImage(input: RenderProductImageInput): Promise<Buffer> {
  const svg = renderProductSvg(input);
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

/** Renders one product photo as raw RGBA pixels (1200×1500), for storing without a PNG round trip. */
export async function renderProductPixels(
  input: RenderProductImageInput,
): Promise<{ pixels: Buffer; width: number; height: number; channels: 4 }> {
  const svg = renderProductSvg(input);
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: data, width: info.width, height: info.height, channels: 4 };
}
