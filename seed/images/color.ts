/**
 * Tiny colour helper for the procedural product renderer.
 * Works on `#rrggbb` / `#rgb` strings; everything is pure and deterministic.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);
const clamp255 = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : v);

/** Parses `#rgb` or `#rrggbb` (with or without `#`). Falls back to mid grey on bad input. */
export function parseHex(hex: string): Rgb {
  let h = hex.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(h)) {
    h = h
      .split('')
      .map((c) => c + c)
      .join('');
  }
  if (!/^[0-9a-f]{6}$/i.test(h)) return { r: 128, g: 128, b: 128 };
  const n = Number.parseInt(h, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

export function toHex({ r, g, b }: Rgb): string {
  const part = (v: number): string => Math.round(clamp255(v)).toString(16).padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** Normalises any accepted hex input to lowercase `#rrggbb`. */
export function normalizeHex(hex: string): string {
  return toHex(parseHex(hex));
}

/** Linear interpolation between two colours in sRGB space (t = 0 → a, t = 1 → b). */
export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  const k = clamp01(t);
  return toHex({ r: x.r + (y.r - x.r) * k, g: x.g + (y.g - x.g) * k, b: x.b + (y.b - x.b) * k });
}

export const lighten = (hex: string, amount: number): string => mix(hex, '#ffffff', amount);
export const darken = (hex: string, amount: number): string => mix(hex, '#000000', amount);

/** WCAG relative luminance, 0 (black) … 1 (white). */
export function luminance(hex: string): number {
  const { r, g, b } = parseHex(hex);
  const lin = (v: number): number => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export interface Hsl {
  h: number;
  s: number;
  l: number;
}

export function toHsl(hex: string): Hsl {
  const { r, g, b } = parseHex(hex);
  const rn = r / 255;
  const gn = g / 255;
  const bn = b / 255;
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === rn) h = (gn - bn) / d + (gn < bn ? 6 : 0);
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  return { h: h * 60, s, l };
}

export function fromHsl({ h, s, l }: Hsl): string {
  const hh = (((h % 360) + 360) % 360) / 360;
  const ss = clamp01(s);
  const ll = clamp01(l);
  if (ss === 0) return toHex({ r: ll * 255, g: ll * 255, b: ll * 255 });
  const q = ll < 0.5 ? ll * (1 + ss) : ll + ss - ll * ss;
  const p = 2 * ll - q;
  const hue = (t0: number): number => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return toHex({ r: hue(hh + 1 / 3) * 255, g: hue(hh) * 255, b: hue(hh - 1 / 3) * 255 });
}

/** Adjusts saturation multiplicatively (k < 1 desaturates). */
export function saturate(hex: string, k: number): string {
  const hsl = toHsl(hex);
  return fromHsl({ ...hsl, s: hsl.s * k });
}

/** Rotates hue by `deg` degrees. */
export function shiftHue(hex: string, deg: number): string {
  const hsl = toHsl(hex);
  return fromHsl({ ...hsl, h: hsl.h + deg });
}

/**
 * Shades derived from one product colour, tuned so that very dark and very light
 * colours still show their form (highlights/shadows never collapse to the base).
 */
export interface Palette {
  base: string;
  /** Lit side (top-left). */
  hi: string;
  /** Strong specular / rim highlight. */
  hi2: string;
  /** Shadow side. */
  lo: string;
  /** Deep shadow, creases and interiors. */
  lo2: string;
  /** Colour for seams and panel lines: darker on light/mid colours, lighter on near-black. */
  line: string;
  /** Tone-on-tone stitching thread. */
  thread: string;
  /** Outline used to separate the product from the background. */
  outline: string;
  outlineOpacity: number;
  lum: number;
  isDark: boolean;
  isLight: boolean;
}

export function makePalette(hexIn: string): Palette {
  const base = normalizeHex(hexIn);
  const lum = luminance(base);
  const isDark = lum < 0.045;
  const isLight = lum > 0.62;
  const hi = isDark ? lighten(base, 0.2) : isLight ? lighten(base, 0.35) : lighten(base, 0.22);
  const hi2 = isDark ? lighten(base, 0.42) : lighten(base, 0.55);
  const lo = isLight ? darken(base, 0.16) : darken(base, isDark ? 0.35 : 0.3);
  const lo2 = isLight ? darken(base, 0.32) : darken(base, isDark ? 0.55 : 0.55);
  const line = isDark ? lighten(base, 0.16) : isLight ? darken(base, 0.26) : darken(base, 0.38);
  const thread = isDark ? lighten(base, 0.3) : isLight ? darken(base, 0.2) : lighten(base, 0.28);
  const outline = isLight ? darken(base, 0.45) : darken(base, 0.5);
  const outlineOpacity = isLight ? 0.55 : isDark ? 0.25 : 0.3;
  return { base, hi, hi2, lo, lo2, line, thread, outline, outlineOpacity, lum, isDark, isLight };
}
