/**
 * Shared SVG drawing primitives for the procedural product renderer:
 * seeded PRNG, number formatting, lighting gradients, metal hardware,
 * stitching, folds and fabric textures. Everything is string-based and pure.
 */
import { mix, type Palette } from './color.js';

/** The fabric and leather textures (textures.ts draws them). */
export type TextureName =
  | 'weave'
  | 'linen'
  | 'wool'
  | 'denim'
  | 'rib'
  | 'pique'
  | 'jersey'
  | 'knit'
  | 'cable'
  | 'tiepat'
  | 'sequin'
  | 'pleats'
  | 'croc'
  | 'pebble'
  | 'saffiano'
  | 'quilt'
  | 'basket'
  | 'suede'
  | 'canvas'
  | 'beads'
  | 'brushed'
  | 'adire'
  | 'chalk'
  | 'check';

/** mulberry32: tiny, fast, deterministic PRNG returning floats in [0, 1). */
export function createRng(seed: number): () => number {
  let a = (Math.floor(seed) ^ 0x9e3779b9) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rounds to 2 decimals (opacities, matrix factors). */
export const r2 = (v: number): number => Math.round(v * 100) / 100;

/** Formats a coordinate compactly (max 1 decimal). */
export const n = (v: number): string => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

export type MetalKind = 'gold' | 'silver' | 'champagne' | 'gunmetal';

export interface MetalTones {
  light: string;
  mid: string;
  dark: string;
  deep: string;
}

export const metalTones: Record<MetalKind, MetalTones> = {
  gold: { light: '#fbeec2', mid: '#d6b062', dark: '#8f6b27', deep: '#5a4216' },
  silver: { light: '#fafbfc', mid: '#c5c9cf', dark: '#7d838b', deep: '#4b5058' },
  champagne: { light: '#f7ead0', mid: '#d0b68a', dark: '#8e7550', deep: '#5a472d' },
  gunmetal: { light: '#c9ccd0', mid: '#80858b', dark: '#45494e', deep: '#26282c' },
};

export interface DrawCtx {
  p: Palette;
  metal: MetalKind;
  m: MetalTones;
  rng: () => number;
  /** 1 when the drawing should show the angled (three-quarter) variant. */
  angled: boolean;
  /** Secondary colour picked from the seed (linings, pocket squares, shirts under suits…). */
  accent: string;
  /** Local-coordinate region visible in the final frame (textures outside it are skipped). */
  visible?: Box;
  /** Output pixels per local unit in this view (fine textures only appear when zoomed in). */
  pxPerUnit?: number;
  /** True while the renderer only measures the drawing (textures are skipped). */
  measuring?: boolean;
  /** Extra <defs> content registered by drawings. */
  extraDefs: string[];
  /** A bag's surface (croc, pebble grain, quilting…); smooth leather when absent. */
  finish?: TextureName | 'smooth' | undefined;
  /** Cloths that replace a drawer's default texture for this product. */
  textures?: Partial<Record<TextureName, TextureName>> | undefined;
}

/** Lighting/metal/shadow gradients shared by every drawing, tuned to the palette. */
export function baseDefs(p: Palette, m: MetalTones): string {
  const sheenA = p.isDark ? 0.2 : p.isLight ? 0.5 : 0.24;
  const sheenB = p.isDark ? 0.4 : p.isLight ? 0.2 : 0.34;
  const volC = p.isLight ? 0.24 : p.isDark ? 0.42 : 0.34;
  const hlD = p.isDark ? 0.16 : p.isLight ? 0.35 : 0.2;
  return [
    `<linearGradient id="sheen" x1="0" y1="0" x2="0.85" y2="1">`,
    `<stop offset="0" stop-color="#fff" stop-opacity="${sheenA}"/>`,
    `<stop offset="0.4" stop-color="#fff" stop-opacity="0"/>`,
    `<stop offset="0.6" stop-color="#000" stop-opacity="0"/>`,
    `<stop offset="1" stop-color="#000" stop-opacity="${sheenB}"/></linearGradient>`,
    `<radialGradient id="vol" cx="0.46" cy="0.42" r="0.72">`,
    `<stop offset="0.55" stop-color="#000" stop-opacity="0"/>`,
    `<stop offset="1" stop-color="#000" stop-opacity="${volC}"/></radialGradient>`,
    // One radial that does the work of sheen + volume + highlight: bright near the
    // top-left focal point, falling off to shadow at the bottom-right edges.
    `<radialGradient id="form" cx="0.42" cy="0.4" r="0.78" fx="0.3" fy="0.24">`,
    `<stop offset="0" stop-color="#fff" stop-opacity="${r2(Math.max(sheenA, hlD))}"/>`,
    `<stop offset="0.38" stop-color="#fff" stop-opacity="0"/>`,
    `<stop offset="0.62" stop-color="#000" stop-opacity="0"/>`,
    `<stop offset="1" stop-color="#000" stop-opacity="${r2(Math.max(sheenB, volC))}"/></radialGradient>`,
    `<radialGradient id="hl" cx="0.3" cy="0.22" r="0.5">`,
    `<stop offset="0" stop-color="#fff" stop-opacity="${hlD}"/>`,
    `<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    // horizontal cylinder shading (sleeves, handles, trouser legs)
    `<linearGradient id="cyl" x1="0" y1="0" x2="1" y2="0">`,
    `<stop offset="0" stop-color="#000" stop-opacity="${volC * 0.55}"/>`,
    `<stop offset="0.3" stop-color="#fff" stop-opacity="${hlD * 0.7}"/>`,
    `<stop offset="0.55" stop-color="#fff" stop-opacity="0"/>`,
    `<stop offset="1" stop-color="#000" stop-opacity="${volC * 0.9}"/></linearGradient>`,
    `<linearGradient id="drop" x1="0" y1="0" x2="0" y2="1">`,
    `<stop offset="0" stop-color="#000" stop-opacity="0.3"/>`,
    `<stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>`,
    `<linearGradient id="mt" x1="0" y1="0" x2="0.45" y2="1">`,
    `<stop offset="0" stop-color="${m.light}"/><stop offset="0.3" stop-color="${m.mid}"/>`,
    `<stop offset="0.52" stop-color="${m.dark}"/><stop offset="0.7" stop-color="${mix(m.light, m.mid, 0.35)}"/>`,
    `<stop offset="1" stop-color="${m.dark}"/></linearGradient>`,
    `<radialGradient id="mtR" cx="0.36" cy="0.32" r="0.75">`,
    `<stop offset="0" stop-color="${m.light}"/><stop offset="0.45" stop-color="${m.mid}"/>`,
    `<stop offset="1" stop-color="${m.deep}"/></radialGradient>`,
    `<radialGradient id="fade">`,
    `<stop offset="0" stop-color="#fff" stop-opacity="0.2"/>`,
    `<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="cs">`,
    `<stop offset="0" stop-color="#1c140c" stop-opacity="1"/>`,
    `<stop offset="0.45" stop-color="#1c140c" stop-opacity="0.45"/>`,
    `<stop offset="1" stop-color="#1c140c" stop-opacity="0"/></radialGradient>`,
  ].join('');
}

/** Fills a path with the base colour, then lighting overlays (sheen, volume, highlight) and an outline. */
export function shaded(
  d: string,
  p: Palette,
  opts: {
    fill?: string;
    texture?: string;
    outline?: boolean;
    /** false: flat linear sheen only (cheaper, for secondary parts). */
    vol?: boolean;
    sheen?: boolean;
    lite?: boolean;
  } = {},
): string {
  const parts = [`<path d="${d}" fill="${opts.fill ?? p.base}"/>`];
  if (opts.texture) parts.push(opts.texture);
  if (opts.lite) {
    if (opts.sheen !== false) parts.push(`<path d="${d}" fill="url(#sheen)"/>`);
  } else if (opts.vol === false) {
    if (opts.sheen !== false) parts.push(`<path d="${d}" fill="url(#sheen)"/>`);
  } else {
    parts.push(`<path d="${d}" fill="url(#form)"/>`);
  }
  if (opts.outline !== false) {
    parts.push(
      `<path d="${d}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="2.4" stroke-linejoin="round"/>`,
    );
  }
  return parts.join('');
}

/** Embossed running stitch along a path. */
export function stitch(
  d: string,
  color: string,
  opts: { w?: number; dash?: string; shadow?: string } = {},
): string {
  const w = opts.w ?? 2.2;
  const dash = opts.dash ?? `${n(w * 4)} ${n(w * 2.6)}`;
  const shadow = opts.shadow ?? '#000';
  return (
    `<path d="${d}" fill="none" stroke="${shadow}" stroke-opacity="0.28" stroke-width="${n(w * 1.3)}" stroke-dasharray="${dash}" transform="translate(0.8 1.4)" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(w)}" stroke-dasharray="${dash}" stroke-linecap="round"/>`
  );
}

/** A seam: a crisp dark groove with a light lip below it. */
export function seam(d: string, p: Palette, w = 2.4, opacity = 0.7): string {
  return (
    `<path d="${d}" fill="none" stroke="${p.hi}" stroke-opacity="${n(opacity * 0.6)}" stroke-width="${n(w)}" transform="translate(0.9 1.6)"/>` +
    `<path d="${d}" fill="none" stroke="${p.line}" stroke-opacity="${opacity}" stroke-width="${n(w)}" stroke-linecap="round"/>`
  );
}

/** Soft fold: a wide faint shadow band with a highlight ridge beside it (no blur filter needed). */
export function fold(d: string, w = 18, strength = 1, lightSide: 1 | -1 = -1): string {
  // Many faint concentric strokes approximate a gaussian falloff without a blur filter.
  const o = (v: number): string => String(Math.round(v * strength * 1000) / 1000);
  const dark = [2.6, 2.1, 1.65, 1.25, 0.9, 0.55, 0.28]
    .map(
      (k) =>
        `<path d="${d}" fill="none" stroke="#000" stroke-opacity="${o(0.017)}" stroke-width="${n(w * k)}" stroke-linecap="round"/>`,
    )
    .join('');
  const off = w * 0.85 * lightSide;
  const light = [1.5, 1.05, 0.7, 0.38]
    .map(
      (k) =>
        `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="${o(0.02)}" stroke-width="${n(w * k)}" stroke-linecap="round"/>`,
    )
    .join('');
  return `${dark}<g transform="translate(${n(off)} ${n(off * 0.35)})">${light}</g>`;
}

/** Soft drop shadow of a shape onto what is beneath it (stacked offsets instead of a blur). */
export function softShadow(d: string, dx = 4, dy = 8, opacity = 0.18): string {
  const layers = [
    [1, 0.35],
    [0.66, 0.3],
    [0.33, 0.35],
  ] as const;
  return layers
    .map(
      ([k, o]) =>
        `<path d="${d}" fill="#000" fill-opacity="${r2(opacity * o)}" transform="translate(${n(dx * k)} ${n(dy * k)})"/>`,
    )
    .join('');
}

/** Rolled leather handle / strap drawn as layered strokes with a highlight ridge. */
export function rolledStrap(
  d: string,
  p: Palette,
  w: number,
  opts: { stitchColor?: string; flat?: boolean } = {},
): string {
  const parts = [
    `<path d="${d}" fill="none" stroke="${p.outline}" stroke-opacity="${n(p.outlineOpacity + 0.1)}" stroke-width="${n(w + 4)}" stroke-linecap="round"/>`,
    `<path d="${d}" fill="none" stroke="${p.lo}" stroke-width="${n(w)}" stroke-linecap="round"/>`,
    `<path d="${d}" fill="none" stroke="${p.base}" stroke-width="${n(w * 0.78)}" stroke-linecap="round" transform="translate(${n(-w * 0.08)} ${n(-w * 0.1)})"/>`,
    `<path d="${d}" fill="none" stroke="${p.hi}" stroke-width="${n(w * 0.34)}" stroke-linecap="round" transform="translate(${n(-w * 0.16)} ${n(-w * 0.2)})" stroke-opacity="0.8"/>`,
  ];
  if (!opts.flat) {
    parts.push(
      `<path d="${d}" fill="none" stroke="${p.hi2}" stroke-width="${n(w * 0.1)}" stroke-linecap="round" transform="translate(${n(-w * 0.2)} ${n(-w * 0.25)})" stroke-opacity="0.55"/>`,
    );
  }
  if (opts.stitchColor) {
    parts.push(
      `<path d="${d}" fill="none" stroke="${opts.stitchColor}" stroke-width="1.8" stroke-dasharray="7 5" transform="translate(${n(w * 0.3)} ${n(w * 0.3)})" stroke-opacity="0.8"/>`,
    );
  }
  return parts.join('');
}

/** Flat leather strap of constant width between two edge paths drawn as a polygon. */
export function flatStrapAlong(
  pts: ReadonlyArray<readonly [number, number]>,
  w: number,
  p: Palette,
  fill?: string,
): string {
  const left: string[] = [];
  const right: string[] = [];
  for (let i = 0; i < pts.length; i++) {
    const cur = pts[i];
    if (!cur) continue;
    const prev = pts[Math.max(0, i - 1)] ?? cur;
    const next = pts[Math.min(pts.length - 1, i + 1)] ?? cur;
    const dx = next[0] - prev[0];
    const dy = next[1] - prev[1];
    const len = Math.hypot(dx, dy) || 1;
    const nx = (-dy / len) * (w / 2);
    const ny = (dx / len) * (w / 2);
    left.push(`${n(cur[0] + nx)} ${n(cur[1] + ny)}`);
    right.unshift(`${n(cur[0] - nx)} ${n(cur[1] - ny)}`);
  }
  const d = `M${left.join('L')}L${right.join('L')}Z`;
  const mid = `M${pts.map((q) => `${n(q[0])} ${n(q[1])}`).join('L')}`;
  const edgeA = `M${left.join('L')}`;
  const edgeB = `M${[...right].reverse().join('L')}`;
  return (
    `<path d="${d}" fill="${fill ?? p.base}"/>` +
    `<path d="${d}" fill="url(#sheen)"/>` +
    `<path d="${mid}" fill="none" stroke="#fff" stroke-opacity="0.07" stroke-width="${n(w * 0.4)}" transform="translate(-1 -1)"/>` +
    `<path d="${d}" fill="none" stroke="${p.outline}" stroke-opacity="${n(p.outlineOpacity)}" stroke-width="2"/>` +
    `<path d="${edgeA}" fill="none" stroke="${p.thread}" stroke-opacity="0.6" stroke-width="1.6" stroke-dasharray="6 4" transform="translate(0 0)"/>` +
    `<path d="${edgeB}" fill="none" stroke="${p.thread}" stroke-opacity="0.6" stroke-width="1.6" stroke-dasharray="6 4"/>`
  );
}

/** Samples a cubic Bézier into points (for straps that need a constant-width outline). */
export function cubicPts(
  p0: readonly [number, number],
  p1: readonly [number, number],
  p2: readonly [number, number],
  p3: readonly [number, number],
  steps = 24,
): Array<[number, number]> {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    const a = u * u * u;
    const b = 3 * u * u * t;
    const c = 3 * u * t * t;
    const d = t * t * t;
    pts.push([a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]]);
  }
  return pts;
}

// ---------------------------------------------------------------- hardware

export function rivet(x: number, y: number, r: number): string {
  return (
    `<circle cx="${n(x + r * 0.25)}" cy="${n(y + r * 0.4)}" r="${n(r * 1.05)}" fill="#000" fill-opacity="0.3"/>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="url(#mtR)"/>` +
    `<circle cx="${n(x - r * 0.3)}" cy="${n(y - r * 0.35)}" r="${n(r * 0.28)}" fill="#fff" fill-opacity="0.75"/>`
  );
}

/** Rectangular buckle frame with a prong, centred at (x, y), rotated by `rot` degrees. */
export function buckle(x: number, y: number, w: number, h: number, m: MetalTones, rot = 0): string {
  const t = Math.max(4, w * 0.14);
  const r = t * 0.9;
  const outer = `M${n(-w / 2 + r)} ${n(-h / 2)}H${n(w / 2 - r)}Q${n(w / 2)} ${n(-h / 2)} ${n(w / 2)} ${n(-h / 2 + r)}V${n(h / 2 - r)}Q${n(w / 2)} ${n(h / 2)} ${n(w / 2 - r)} ${n(h / 2)}H${n(-w / 2 + r)}Q${n(-w / 2)} ${n(h / 2)} ${n(-w / 2)} ${n(h / 2 - r)}V${n(-h / 2 + r)}Q${n(-w / 2)} ${n(-h / 2)} ${n(-w / 2 + r)} ${n(-h / 2)}Z`;
  const iw = w / 2 - t;
  const ih = h / 2 - t;
  const inner = `M${n(-iw)} ${n(-ih)}H${n(iw)}V${n(ih)}H${n(-iw)}Z`;
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)})">` +
    `<path d="${outer}${inner}" fill="#000" fill-opacity="0.3" fill-rule="evenodd" transform="translate(2 4)"/>` +
    `<path d="${outer}${inner}" fill="url(#mt)" fill-rule="evenodd"/>` +
    `<path d="${outer}" fill="none" stroke="${m.deep}" stroke-width="1.2" stroke-opacity="0.6"/>` +
    `<path d="M${n(-iw + 2)} ${n(-h / 2 + 2.5)}H${n(iw)}" stroke="${m.light}" stroke-width="1.6" stroke-opacity="0.9"/>` +
    `<path d="M0 ${n(ih + t * 0.5)}V${n(-ih - t * 0.4)}" stroke="${m.deep}" stroke-width="${n(t * 0.95)}" stroke-linecap="round" transform="translate(1.5 2)" stroke-opacity="0.5"/>` +
    `<path d="M0 ${n(ih + t * 0.5)}V${n(-ih - t * 0.4)}" stroke="${m.mid}" stroke-width="${n(t * 0.8)}" stroke-linecap="round"/>` +
    `<path d="M${n(-t * 0.15)} ${n(ih)}V${n(-ih)}" stroke="${m.light}" stroke-width="${n(t * 0.25)}" stroke-linecap="round"/>` +
    `</g>`
  );
}

/** D-ring / loop hardware, (x, y) is the centre of the straight bar. */
export function dRing(x: number, y: number, r: number, rot = 0): string {
  const d = `M${n(-r)} 0A${n(r)} ${n(r)} 0 0 1 ${n(r)} 0Z`;
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)})">` +
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="${n(r * 0.34)}" transform="translate(1.5 3)"/>` +
    `<path d="${d}" fill="none" stroke="url(#mt)" stroke-width="${n(r * 0.3)}"/>` +
    `<path d="M${n(-r * 0.7)} ${n(-r * 0.55)}A${n(r)} ${n(r)} 0 0 1 ${n(-r * 0.05)} ${n(-r * 0.98)}" fill="none" stroke="#fff" stroke-opacity="0.7" stroke-width="${n(r * 0.08)}"/>` +
    `</g>`
  );
}

/** Zip: tape, teeth and (optionally) a puller at the end. */
export function zipper(d: string, m: MetalTones, tape: string, scale = 1): string {
  return (
    `<path d="${d}" fill="none" stroke="${tape}" stroke-width="${n(16 * scale)}" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="${n(9 * scale)}" stroke-dasharray="${n(3.2 * scale)} ${n(2.4 * scale)}" transform="translate(1 1.5)"/>` +
    `<path d="${d}" fill="none" stroke="${m.mid}" stroke-width="${n(9 * scale)}" stroke-dasharray="${n(3.2 * scale)} ${n(2.4 * scale)}"/>` +
    `<path d="${d}" fill="none" stroke="${m.light}" stroke-width="${n(3 * scale)}" stroke-dasharray="${n(3.2 * scale)} ${n(2.4 * scale)}" transform="translate(-0.6 -1.5)"/>`
  );
}

/** Zip puller hanging from (x, y) at angle `rot` (degrees, 0 = hanging down). */
export function zipPull(x: number, y: number, s: number, rot = 0, leather?: string): string {
  const tab = leather
    ? `<path d="M${n(-7 * s)} ${n(24 * s)}H${n(7 * s)}L${n(9 * s)} ${n(70 * s)}Q0 ${n(78 * s)} ${n(-9 * s)} ${n(70 * s)}Z" fill="${leather}"/>` +
      `<path d="M${n(-7 * s)} ${n(24 * s)}H${n(7 * s)}L${n(9 * s)} ${n(70 * s)}Q0 ${n(78 * s)} ${n(-9 * s)} ${n(70 * s)}Z" fill="url(#sheen)"/>`
    : '';
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)})">` +
    `<rect x="${n(-8 * s)}" y="${n(-6 * s)}" width="${n(16 * s)}" height="${n(14 * s)}" rx="${n(3 * s)}" fill="url(#mt)"/>` +
    tab +
    `<path d="M${n(-6 * s)} ${n(6 * s)}H${n(6 * s)}L${n(7.5 * s)} ${n(34 * s)}Q0 ${n(40 * s)} ${n(-7.5 * s)} ${n(34 * s)}Z" fill="#000" fill-opacity="0.3" transform="translate(2 3)"/>` +
    `<path d="M${n(-6 * s)} ${n(6 * s)}H${n(6 * s)}L${n(7.5 * s)} ${n(34 * s)}Q0 ${n(40 * s)} ${n(-7.5 * s)} ${n(34 * s)}Z" fill="url(#mt)"/>` +
    `<rect x="${n(-2.5 * s)}" y="${n(12 * s)}" width="${n(5 * s)}" height="${n(14 * s)}" rx="${n(2.5 * s)}" fill="#000" fill-opacity="0.45"/>` +
    `</g>`
  );
}

/** Sewn button with four holes. */
export function button(x: number, y: number, r: number, color: string, holes = 4): string {
  const h = r * 0.28;
  const hr = Math.max(0.8, r * 0.12);
  const holesSvg =
    holes === 4
      ? `<circle cx="${n(x - h)}" cy="${n(y - h)}" r="${n(hr)}"/><circle cx="${n(x + h)}" cy="${n(y - h)}" r="${n(hr)}"/><circle cx="${n(x - h)}" cy="${n(y + h)}" r="${n(hr)}"/><circle cx="${n(x + h)}" cy="${n(y + h)}" r="${n(hr)}"/>`
      : `<circle cx="${n(x - h)}" cy="${n(y)}" r="${n(hr)}"/><circle cx="${n(x + h)}" cy="${n(y)}" r="${n(hr)}"/>`;
  return (
    `<circle cx="${n(x + r * 0.18)}" cy="${n(y + r * 0.3)}" r="${n(r * 1.04)}" fill="#000" fill-opacity="0.28"/>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${color}"/>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="url(#hl)"/>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.72)}" fill="none" stroke="#000" stroke-opacity="0.16" stroke-width="${n(r * 0.14)}"/>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="${n(Math.max(0.8, r * 0.08))}"/>` +
    `<g fill="#000" fill-opacity="0.45">${holesSvg}</g>`
  );
}

/** Metal shank button (jeans, blazers with metal buttons). */
export function metalButton(x: number, y: number, r: number): string {
  return (
    `<circle cx="${n(x + r * 0.2)}" cy="${n(y + r * 0.32)}" r="${n(r * 1.05)}" fill="#000" fill-opacity="0.3"/>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="url(#mtR)"/>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.74)}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="${n(r * 0.1)}"/>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.74)}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="${n(r * 0.06)}" transform="translate(${n(-r * 0.06)} ${n(-r * 0.08)})"/>`
  );
}

/** Chain of alternating face-on / edge-on links through sampled points. */
export function chainLinks(pts: ReadonlyArray<readonly [number, number]>, m: MetalTones): string {
  const shadow: string[] = [];
  const face: string[] = [];
  const edge: string[] = [];
  const glint: string[] = [];
  for (let i = 0; i + 1 < pts.length; i++) {
    const a = pts[i];
    const b = pts[i + 1];
    if (!a || !b) continue;
    const cx = (a[0] + b[0]) / 2;
    const cy = (a[1] + b[1]) / 2;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const ang = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
    const rx = len * 0.62;
    const tr = `translate(${n(cx)} ${n(cy)}) rotate(${n(ang)})`;
    if (i % 2 === 0) {
      face.push(`<ellipse transform="${tr}" rx="${n(rx)}" ry="${n(rx * 0.55)}"/>`);
      glint.push(
        `<path transform="${tr}" d="M${n(-rx * 0.6)} ${n(-rx * 0.35)}Q0 ${n(-rx * 0.62)} ${n(rx * 0.6)} ${n(-rx * 0.35)}"/>`,
      );
    } else {
      edge.push(`<path transform="${tr}" d="M${n(-rx)} 0H${n(rx)}"/>`);
    }
    shadow.push(`<path transform="translate(2 5) ${tr}" d="M${n(-rx)} 0H${n(rx)}"/>`);
  }
  return (
    `<g stroke="#000" stroke-opacity="0.18" stroke-width="7" stroke-linecap="round">${shadow.join('')}</g>` +
    `<g fill="none" stroke="${m.dark}" stroke-width="5.4">${face.join('')}</g>` +
    `<g fill="none" stroke="${m.mid}" stroke-width="3.4">${face.join('')}</g>` +
    `<g stroke="${m.dark}" stroke-width="6.4" stroke-linecap="round">${edge.join('')}</g>` +
    `<g stroke="${m.mid}" stroke-width="4" stroke-linecap="round">${edge.join('')}</g>` +
    `<g fill="none" stroke="${m.light}" stroke-width="1.6" stroke-linecap="round">${glint.join('')}</g>`
  );
}

// ---------------------------------------------------------------- drawing contract

export type Box = readonly [x0: number, y0: number, x1: number, y1: number];

/** What each shape drawer returns (local coordinates, y pointing down). */
export interface Drawing {
  svg: string;
  /** Bounds of the product used for framing. */
  box: Box;
  /** y of the surface the product rests on (contact shadow), and the shadow half-width. */
  ground: number;
  shadowW: number;
  /** Detail close-up target (local coords) and magnification relative to the hero framing. */
  detail: { x: number; y: number; zoom: number };
  /** Optional alternate framing for view 1 (garments): target, magnification and rotation. */
  alt?: { x: number; y: number; zoom: number; rotate: number };
  kind: 'bag' | 'garment';
}

/** Registers a clipPath and returns its url(). Ids are unique per render. */
export function clip(ctx: DrawCtx, d: string, evenOdd = false): string {
  const id = `c${ctx.extraDefs.length}`;
  ctx.extraDefs.push(
    `<clipPath id="${id}"><path d="${d}"${evenOdd ? ' clip-rule="evenodd"' : ''}/></clipPath>`,
  );
  return `url(#${id})`;
}

/** Rounded trapezoid centred on x = 0 spanning y 0..h. */
export function trap(tw: number, bw: number, h: number, rt: number, rb: number, bulge = 0): string {
  const t = tw / 2;
  const b = bw / 2;
  const slope = (b - t) / h;
  const xt = (y: number): number => t + slope * y;
  const side = (fromX: number, fromY: number, toX: number, toY: number, sign: number): string => {
    if (!bulge) return `L${n(toX)} ${n(toY)}`;
    const mx = (fromX + toX) / 2 + sign * bulge;
    const my = (fromY + toY) / 2;
    return `Q${n(mx)} ${n(my)} ${n(toX)} ${n(toY)}`;
  };
  return (
    `M${n(-t + rt)} 0H${n(t - rt)}Q${n(t)} 0 ${n(xt(rt))} ${n(rt)}` +
    side(xt(rt), rt, xt(h - rb), h - rb, 1) +
    `Q${n(b)} ${n(h)} ${n(b - rb)} ${n(h)}H${n(-b + rb)}Q${n(-b)} ${n(h)} ${n(-xt(h - rb))} ${n(h - rb)}` +
    side(-xt(h - rb), h - rb, -xt(rt), rt, -1) +
    `Q${n(-t)} 0 ${n(-t + rt)} 0Z`
  );
}
