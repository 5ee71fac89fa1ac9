/**
 * Shared SVG drawing primitives for the procedural product renderer:
 * seeded PRNG, number formatting, lighting gradients, metal hardware,
 * stitching, folds and fabric textures. Everything is string-based and pure.
 */
import { darken, lighten, mix, type Palette } from './color.js';

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

export type PatternName =
  | 'weave'
  | 'twill'
  | 'denim'
  | 'rib'
  | 'pique'
  | 'jersey'
  | 'grain'
  | 'knit'
  | 'cable'
  | 'tiepat'
  | 'sequin'
  | 'linen'
  | 'satin';

export interface DrawCtx {
  p: Palette;
  metal: MetalKind;
  m: MetalTones;
  rng: () => number;
  /** 1 when the drawing should show the angled (three-quarter) variant. */
  angled: boolean;
  /** Secondary colour picked from the seed (linings, pocket squares, shirts under suits…). */
  accent: string;
  /** Patterns referenced by the drawing; the renderer only emits these in <defs>. */
  used: Set<PatternName>;
  /** Extra <defs> content registered by drawings. */
  extraDefs: string[];
}

export const pat = (ctx: DrawCtx, name: PatternName): string => {
  ctx.used.add(name);
  return `url(#p-${name})`;
};

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
    `<radialGradient id="cs">`,
    `<stop offset="0" stop-color="#1c140c" stop-opacity="1"/>`,
    `<stop offset="0.45" stop-color="#1c140c" stop-opacity="0.45"/>`,
    `<stop offset="1" stop-color="#1c140c" stop-opacity="0"/></radialGradient>`,
  ].join('');
}

/** Circle as path data (lets many dots share one <path> element). */
const circ = (cx: number, cy: number, r: number): string =>
  `M${n(cx - r)} ${n(cy)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0Z`;

/** Repeats a motif (path data generator) over a grid. */
function rep(cols: number, rows: number, bw: number, bh: number, motif: (ox: number, oy: number) => string): string {
  const out: string[] = [];
  for (let j = 0; j < rows; j++) for (let i = 0; i < cols; i++) out.push(motif(i * bw, j * bh));
  return out.join('');
}

/**
 * Fabric / leather texture tiles (userSpaceOnUse so they scale with the product).
 * Tiles are deliberately large (≈120–170 units): librsvg's cost is per tile, so a
 * big tile holding many repeats of a tiny motif renders an order of magnitude faster.
 */
export function patternDefs(used: Set<PatternName>, p: Palette, m: MetalTones, accent: string): string {
  const dk = p.isDark ? lighten(p.base, 0.35) : darken(p.base, 0.55);
  const lt = lighten(p.base, 0.6);
  const out: string[] = [];
  const tile = (name: PatternName, w: number, h: number, body: string, extra = ''): void => {
    out.push(
      `<pattern id="p-${name}" width="${w}" height="${h}" patternUnits="userSpaceOnUse"${extra}>${body}</pattern>`,
    );
  };
  const stroke = (d: string, color: string, w: number, o: number, extra = ''): string =>
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${w}" stroke-opacity="${o}"${extra}/>`;
  const fill = (d: string, color: string, o: number): string => `<path d="${d}" fill="${color}" fill-opacity="${o}"/>`;
  if (used.has('weave')) {
    const T = 120;
    tile(
      'weave',
      T,
      T,
      stroke(rep(1, 20, 0, 6, (_x, y) => `M0 ${y + 1.5}H${T}`) + rep(20, 1, 6, 0, (x) => `M${x + 1.5} 0V${T}`), dk, 0.9, 0.12) +
        stroke(rep(1, 20, 0, 6, (_x, y) => `M0 ${y + 4.5}H${T}`), lt, 0.8, 0.12),
    );
  }
  if (used.has('linen')) {
    const T = 144;
    const rng = createRng(7);
    const h: string[] = [];
    const v: string[] = [];
    for (let y = 2; y < T; y += 4.5) h.push(`M0 ${n(y)}H${T}`);
    for (let x = 3; x < T; x += 4.5) v.push(`M${n(x)} 0V${T}`);
    const slubs: string[] = [];
    for (let i = 0; i < 40; i++) {
      const y = Math.floor(rng() * 32) * 4.5 + 2;
      const x = rng() * T;
      slubs.push(`M${n(x)} ${n(y)}h${n(8 + rng() * 22)}`);
    }
    tile('linen', T, T, stroke(h.join(''), dk, 1, 0.08) + stroke(v.join(''), lt, 0.9, 0.1) + stroke(slubs.join(''), dk, 1.6, 0.1));
  }
  if (used.has('twill')) {
    const T = 128;
    const d: string[] = [];
    for (let x = -T; x <= T; x += 8) d.push(`M${x} ${T}L${x + T} 0`);
    tile('twill', T, T, stroke(d.join(''), dk, 1.4, 0.11));
  }
  if (used.has('denim')) {
    const T = 126;
    const a: string[] = [];
    const b: string[] = [];
    for (let x = -T; x <= T; x += 7) {
      a.push(`M${x} ${T}L${x + T} 0`);
      b.push(`M${x + 3.5} ${T}L${x + 3.5 + T} 0`);
    }
    const rng = createRng(11);
    const slubs: string[] = [];
    for (let i = 0; i < 60; i++) {
      const x = rng() * T;
      const y = rng() * T;
      slubs.push(`M${n(x)} ${n(y)}v${n(6 + rng() * 18)}`);
    }
    tile(
      'denim',
      T,
      T,
      stroke(a.join(''), lighten(p.base, 0.55), 1.5, 0.26) +
        stroke(b.join(''), darken(p.base, 0.5), 1, 0.22) +
        stroke(slubs.join(''), lighten(p.base, 0.7), 1.2, 0.12),
    );
  }
  if (used.has('rib')) {
    const T = 144;
    tile(
      'rib',
      T,
      T,
      fill(rep(12, 1, 12, 0, (x) => `M${x} 0h5v${T}h-5Z`), dk, 0.2) + fill(rep(12, 1, 12, 0, (x) => `M${x + 7} 0h2.5v${T}h-2.5Z`), lt, 0.16),
    );
  }
  if (used.has('pique')) {
    const T = 126;
    tile(
      'pique',
      T,
      T,
      fill(rep(18, 18, 7, 7, (x, y) => circ(x + 2, y + 2, 1.3) + circ(x + 5.5, y + 5.5, 1.3)), dk, 0.15) +
        fill(rep(18, 18, 7, 7, (x, y) => circ(x + 5.5, y + 2, 0.9)), lt, 0.12),
    );
  }
  if (used.has('jersey')) {
    tile(
      'jersey',
      120,
      120,
      stroke(rep(24, 20, 5, 6, (x, y) => `M${x + 0.5} ${y}L${x + 2.5} ${y + 3}L${x + 4.5} ${y}`), dk, 0.7, 0.09),
    );
  }
  if (used.has('grain')) {
    const T = 170;
    const rng = createRng(5);
    const a: string[] = [];
    const b: string[] = [];
    for (let i = 0; i < 150; i++) {
      const x = rng() * T;
      const y = rng() * T;
      const r = 1.2 + rng() * 2.6;
      // keep dots away from the tile edges so the seam never shows a cut circle
      if (x < r || y < r || x > T - r || y > T - r) continue;
      (i % 2 ? a : b).push(circ(x, y, r));
    }
    tile('grain', T, T, fill(a.join(''), lt, 0.05) + fill(b.join(''), dk, 0.06));
  }
  if (used.has('knit')) {
    tile(
      'knit',
      140,
      140,
      stroke(rep(10, 10, 14, 14, (x, y) => `M${x + 1} ${y + 1}Q${x + 4} ${y + 9} ${x + 7} ${y + 13}M${x + 13} ${y + 1}Q${x + 10} ${y + 9} ${x + 7} ${y + 13}`), dk, 2.6, 0.2, ' stroke-linecap="round"') +
        stroke(rep(10, 10, 14, 14, (x, y) => `M${x + 2.5} ${y + 1.5}Q${x + 4.5} ${y + 7} ${x + 6.3} ${y + 10}M${x + 11.5} ${y + 1.5}Q${x + 9.5} ${y + 7} ${x + 7.7} ${y + 10}`), lt, 1.3, 0.2, ' stroke-linecap="round"'),
    );
  }
  if (used.has('cable')) {
    const cross = rep(2, 2, 64, 84, (x, y) => `M${x + 20} ${y}C${x + 20} ${y + 21} ${x + 44} ${y + 21} ${x + 44} ${y + 42}M${x + 44} ${y}C${x + 44} ${y + 21} ${x + 20} ${y + 21} ${x + 20} ${y + 42}`);
    const over = rep(2, 2, 64, 84, (x, y) => `M${x + 20} ${y}C${x + 20} ${y + 21} ${x + 44} ${y + 21} ${x + 44} ${y + 42}`);
    const straight = rep(2, 2, 64, 84, (x, y) => `M${x + 20} ${y + 42}V${y + 84}M${x + 44} ${y + 42}V${y + 84}`);
    const straightHi = rep(2, 2, 64, 84, (x, y) => `M${x + 18} ${y + 42}V${y + 84}M${x + 42} ${y + 42}V${y + 84}`);
    const purl = rep(2, 1, 64, 0, (x) => `M${x + 3} 0V168M${x + 61} 0V168`);
    tile(
      'cable',
      128,
      168,
      stroke(cross, dk, 15, 0.2) + stroke(over, lt, 9, 0.18) + stroke(straight, dk, 15, 0.2) + stroke(straightHi, lt, 6, 0.16) + stroke(purl, dk, 4, 0.25),
    );
  }
  if (used.has('tiepat')) {
    const motif = mix(accent, p.base, 0.25);
    const T = 136;
    const stripes: string[] = [];
    for (let x = -T; x <= T; x += 34) stripes.push(`M${x} ${T}L${x + T} 0`);
    tile(
      'tiepat',
      T,
      T,
      stroke(stripes.join(''), lighten(p.base, 0.18), 5, 0.35) +
        fill(rep(4, 4, 34, 34, (x, y) => circ(x + 17, y + 17, 3.2)), motif, 1) +
        fill(rep(4, 4, 34, 34, (x, y) => circ(x + 16, y + 16, 1.2)), lighten(motif, 0.5), 0.7),
      ' patternTransform="rotate(-8)"',
    );
  }
  if (used.has('sequin')) {
    tile(
      'sequin',
      128,
      112,
      fill(rep(8, 8, 16, 14, (x, y) => circ(x + 4, y + 4, 3.6)), m.mid, 0.55) +
        fill(rep(8, 8, 16, 14, (x, y) => circ(x + 3, y + 3, 1.3)), m.light, 0.9) +
        fill(rep(8, 8, 16, 14, (x, y) => circ(x + 12, y + 11, 3.6)), m.dark, 0.45) +
        fill(rep(8, 8, 16, 14, (x, y) => circ(x + 11, y + 10, 1.1)), m.light, 0.7),
    );
  }
  if (used.has('satin')) {
    tile('satin', 120, 120, stroke(rep(1, 20, 0, 6, (_x, y) => `M0 ${y + 3}H120`), lt, 1, 0.06));
  }
  return out.join('');
}

/** Fills a path with the base colour, then lighting overlays (sheen, volume, highlight) and an outline. */
export function shaded(
  d: string,
  p: Palette,
  opts: { fill?: string; texture?: string; outline?: boolean; hl?: boolean; vol?: boolean; sheen?: boolean } = {},
): string {
  const parts = [`<path d="${d}" fill="${opts.fill ?? p.base}"/>`];
  if (opts.texture && !process.env.NOTEX) parts.push(`<path d="${d}" fill="${opts.texture}"/>`);
  if (opts.sheen !== false) parts.push(`<path d="${d}" fill="url(#sheen)"/>`);
  if (opts.vol !== false) parts.push(`<path d="${d}" fill="url(#vol)"/>`);
  if (opts.hl !== false) parts.push(`<path d="${d}" fill="url(#hl)"/>`);
  if (opts.outline !== false) {
    parts.push(
      `<path d="${d}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="2.4" stroke-linejoin="round"/>`,
    );
  }
  return parts.join('');
}

/** Embossed running stitch along a path. */
export function stitch(d: string, color: string, opts: { w?: number; dash?: string; shadow?: string } = {}): string {
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
  const s = strength;
  const off = w * 0.55 * lightSide;
  return (
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity="${n(0.04 * s * 100) / 100}" stroke-width="${n(w * 2.2)}" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity="${n(0.05 * s * 100) / 100}" stroke-width="${n(w * 1.2)}" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity="${n(0.06 * s * 100) / 100}" stroke-width="${n(w * 0.45)}" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="${n(0.05 * s * 100) / 100}" stroke-width="${n(w * 0.9)}" stroke-linecap="round" transform="translate(${n(off)} ${n(off * 0.4)})"/>` +
    `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="${n(0.07 * s * 100) / 100}" stroke-width="${n(w * 0.35)}" stroke-linecap="round" transform="translate(${n(off)} ${n(off * 0.4)})"/>`
  );
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
        `<path d="${d}" fill="#000" fill-opacity="${n(opacity * o * 100) / 100}" transform="translate(${n(dx * k)} ${n(dy * k)})"/>`,
    )
    .join('');
}

/** Rolled leather handle / strap drawn as layered strokes with a highlight ridge. */
export function rolledStrap(d: string, p: Palette, w: number, opts: { stitchColor?: string; flat?: boolean } = {}): string {
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

/** Chain strap along a path: alternating links approximated with dashed strokes. */
export function chain(d: string, m: MetalTones, w = 10): string {
  const link = w * 2.2;
  return (
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.22" stroke-width="${n(w * 1.1)}" stroke-dasharray="${n(link)} ${n(w * 0.5)}" transform="translate(2 4)"/>` +
    `<path d="${d}" fill="none" stroke="${m.dark}" stroke-width="${n(w)}" stroke-dasharray="${n(link)} ${n(w * 0.5)}" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${m.mid}" stroke-width="${n(w * 0.7)}" stroke-dasharray="${n(link)} ${n(w * 0.5)}" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${m.deep}" stroke-width="${n(w * 0.32)}" stroke-dasharray="${n(link * 0.55)} ${n(link * 0.45 + w * 0.5)}" stroke-dashoffset="${n(-link * 0.22)}" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${m.light}" stroke-width="${n(w * 0.22)}" stroke-dasharray="${n(link * 0.5)} ${n(link * 0.5 + w * 0.5)}" transform="translate(-1 -2)" stroke-linecap="round"/>`
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
export function clip(ctx: DrawCtx, d: string): string {
  const id = `c${ctx.extraDefs.length}`;
  ctx.extraDefs.push(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
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
