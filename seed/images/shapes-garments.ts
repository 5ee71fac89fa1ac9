/**
 * Men's wear drawers, shown on an invisible ("ghost") mannequin: the inside back of
 * the neckline is visible, sleeves hang slightly away from the body.
 * Local coordinates: x = 0 is the centre front, y = 0 the base of the neck, y grows down.
 */
import { darken, lighten, makePalette, mix, type Palette } from './color.js';
import {
  button,
  clip,
  fold,
  metalButton,
  n,
  seam,
  shaded,
  softShadow,
  stitch,
  zipper,
  zipPull,
  type DrawCtx,
  type Drawing,
} from './svg-kit.js';
import type { TextureName } from './svg-kit.js';
import { tex } from './textures.js';

type Pt = readonly [number, number];

/** Small path builder; `sx = -1` mirrors every x so one function draws both sides. */
class PathB {
  private readonly parts: string[] = [];
  constructor(private readonly sx: 1 | -1 = 1) {}
  private p(x: number, y: number): string {
    return `${n(x * this.sx)} ${n(y)}`;
  }
  M(x: number, y: number): this {
    this.parts.push(`M${this.p(x, y)}`);
    return this;
  }
  L(x: number, y: number): this {
    this.parts.push(`L${this.p(x, y)}`);
    return this;
  }
  Q(x1: number, y1: number, x: number, y: number): this {
    this.parts.push(`Q${this.p(x1, y1)} ${this.p(x, y)}`);
    return this;
  }
  C(x1: number, y1: number, x2: number, y2: number, x: number, y: number): this {
    this.parts.push(`C${this.p(x1, y1)} ${this.p(x2, y2)} ${this.p(x, y)}`);
    return this;
  }
  Z(): this {
    this.parts.push('Z');
    return this;
  }
  toString(): string {
    return this.parts.join('');
  }
}

const sides = [-1, 1] as const;

/** Shading for a garment panel: base, one radial form gradient, outline. */
function panel(d: string, p: Palette, fill?: string): string {
  return shaded(d, p, fill ? { fill } : {});
}

/** Panel with horizontal cylinder shading (sleeves, trouser legs). */
function tube(d: string, p: Palette, fill?: string): string {
  return (
    `<path d="${d}" fill="${fill ?? p.base}"/>` +
    `<path d="${d}" fill="url(#cyl)"/>` +
    `<path d="${d}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="2.4" stroke-linejoin="round"/>`
  );
}

/** Interior (inside back of the garment seen through the neck opening). */
function interior(d: string, p: Palette): string {
  return `<path d="${d}" fill="${p.lo2}"/><path d="${d}" fill="url(#drop)"/><path d="${d}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="2"/>`;
}

/** Folds clipped to a panel so they never spill past its edge. */
function folds(ctx: DrawCtx, d: string, list: string[]): string {
  if (list.length === 0) return '';
  return `<g clip-path="${clip(ctx, d)}">${list.join('')}</g>`;
}

const garment = (
  svg: string,
  box: readonly [number, number, number, number],
  detail: Drawing['detail'],
  alt?: Drawing['alt'],
): Drawing => ({
  svg,
  box,
  ground: box[3] + 46,
  shadowW: (box[2] - box[0]) * 0.36,
  detail,
  ...(alt ? { alt } : {}),
  kind: 'garment',
});

// --------------------------------------------------------------- torso + sleeves

interface TorsoSpec {
  /** Neck half width, shoulder point, armpit, waist and hem (half widths / y). */
  nw: number;
  sw: number;
  sy: number;
  aw: number;
  ay: number;
  ww: number;
  wy: number;
  hw: number;
  hy: number;
  /** Extra drop of the hem at the centre (shirt tail), 0 for straight hems. */
  tail: number;
  /** y of the neckline at the side and (front) centre. */
  neckY: number;
  neckFront: number;
}

function torsoPath(t: TorsoSpec): string {
  const b = new PathB(1)
    .M(t.nw, t.neckY)
    .C(t.nw + 50, t.neckY + 6, t.sw - 60, t.sy - 14, t.sw, t.sy)
    .C(t.sw + 4, t.sy + 70, t.aw + 6, t.ay - 70, t.aw, t.ay)
    .C(t.aw - 6, t.ay + 120, t.ww, t.wy - 140, t.ww, t.wy)
    .C(t.ww, t.wy + 120, t.hw, t.hy - 120, t.hw, t.hy);
  if (t.tail > 0) {
    b.C(t.hw - 20, t.hy + t.tail * 0.5, 110, t.hy + t.tail, 0, t.hy + t.tail).C(
      -110,
      t.hy + t.tail,
      -(t.hw - 20),
      t.hy + t.tail * 0.5,
      -t.hw,
      t.hy,
    );
  } else {
    b.L(-t.hw, t.hy);
  }
  return b
    .C(-t.hw, t.hy - 120, -t.ww, t.wy + 120, -t.ww, t.wy)
    .C(-t.ww, t.wy - 140, -(t.aw - 6), t.ay + 120, -t.aw, t.ay)
    .C(-(t.aw + 6), t.ay - 70, -(t.sw + 4), t.sy + 70, -t.sw, t.sy)
    .C(-(t.sw - 60), t.sy - 14, -(t.nw + 50), t.neckY + 6, -t.nw, t.neckY)
    .C(-t.nw * 0.6, t.neckFront, t.nw * 0.6, t.neckFront, t.nw, t.neckY)
    .Z()
    .toString();
}

interface SleeveSpec {
  /** Cuff centre (right side), cuff half width, tilt outwards. */
  cx: number;
  cy: number;
  cw: number;
  /** How far the outer edge bows out. */
  bow: number;
  /** Cuff band height (0 = none). */
  cuffH: number;
}

interface SleeveGeo {
  d: string;
  cuff: string;
  /** Points on the sleeve: shoulder, armpit, cuff outer/inner (already mirrored). */
  outer: Pt;
  inner: Pt;
  axis: Pt;
  seamLine: string;
}

function sleeveGeo(t: TorsoSpec, s: 1 | -1, sp: SleeveSpec): SleeveGeo {
  // axis from the middle of the armhole to the cuff centre
  const mx = (t.sw + t.aw) / 2 - 6;
  const my = (t.sy + t.ay) / 2;
  const ax = sp.cx - mx;
  const ay = sp.cy - my;
  const len = Math.hypot(ax, ay) || 1;
  const ux = ax / len;
  const uy = ay / len;
  // perpendicular pointing outwards (right side)
  const px = uy;
  const py = -ux;
  const outer: Pt = [sp.cx + px * sp.cw, sp.cy + py * sp.cw];
  const inner: Pt = [sp.cx - px * sp.cw, sp.cy - py * sp.cw];
  const b = new PathB(s)
    .M(t.sw - 6, t.sy - 4)
    .C(t.sw + 24 + sp.bow * 0.4, t.sy + 30, outer[0] + px * sp.bow, (t.sy + outer[1]) / 2, outer[0], outer[1])
    .L(inner[0], inner[1])
    .C(inner[0] - px * 10, (inner[1] + t.ay) / 2, t.aw + 8, t.ay + 60, t.aw - 4, t.ay + 6)
    .C(t.aw + 4, t.ay - 70, t.sw - 8, t.sy + 70, t.sw - 6, t.sy - 4)
    .Z();
  const ch = sp.cuffH;
  const cuff = ch
    ? new PathB(s)
        .M(outer[0] - ux * 2, outer[1] - uy * 2)
        .L(outer[0] + ux * ch, outer[1] + uy * ch)
        .Q(sp.cx + ux * (ch + 6), sp.cy + uy * (ch + 6), inner[0] + ux * ch, inner[1] + uy * ch)
        .L(inner[0] - ux * 2, inner[1] - uy * 2)
        .Z()
        .toString()
    : '';
  const seamLine = new PathB(s)
    .M(t.aw - 4, t.ay + 6)
    .C(t.aw + 4, t.ay - 70, t.sw - 8, t.sy + 70, t.sw - 6, t.sy - 4)
    .toString();
  return {
    d: b.toString(),
    cuff,
    outer: [outer[0] * s, outer[1]],
    inner: [inner[0] * s, inner[1]],
    axis: [ux * s, uy],
    seamLine,
  };
}

/** Soft folds for a hanging sleeve (elbow creases + drape). */
function sleeveFolds(g: SleeveGeo, s: 1 | -1, t: TorsoSpec, strength = 1): string[] {
  const [ox, oy] = g.outer;
  const [ix, iy] = g.inner;
  const midY = (t.ay + iy) / 2;
  const lerp = (a: Pt, b: Pt, k: number): Pt => [a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k];
  const top: Pt = [(t.sw * 0.6 + t.aw * 0.4) * s, t.sy + 120];
  const e1 = lerp(top, [(ox + ix) / 2, (oy + iy) / 2], 0.55);
  return [
    fold(
      `M${n(e1[0] - 40 * s)} ${n(e1[1] - 20)}Q${n(e1[0])} ${n(e1[1] + 12)} ${n(e1[0] + 44 * s)} ${n(e1[1] - 6)}`,
      12,
      strength,
    ),
    fold(
      `M${n(e1[0] - 30 * s)} ${n(e1[1] + 40)}Q${n(e1[0] + 6 * s)} ${n(e1[1] + 60)} ${n(e1[0] + 40 * s)} ${n(e1[1] + 46)}`,
      10,
      strength * 0.8,
    ),
    fold(
      `M${n(ix - 8 * s)} ${n(midY)}Q${n(ix + 10 * s)} ${n(iy - 120)} ${n(ix + 22 * s)} ${n(iy - 20)}`,
      14,
      strength * 0.9,
    ),
  ];
}

/** Ambient-occlusion shadow a sleeve casts onto the body beside it. */
function sleeveShadow(ctx: DrawCtx, torso: string, g: SleeveGeo, s: 1 | -1, strength = 0.4): string {
  return `<g clip-path="${clip(ctx, torso)}">${softShadow(g.d, -s * 12, 8, strength)}</g>`;
}

/** Light rim along a sleeve's inner edge so it separates from the torso. */
function sleeveRim(g: SleeveGeo, t: TorsoSpec, s: 1 | -1, p: Palette): string {
  const [ix, iy] = g.inner;
  const d = `M${n((t.aw + 6) * s)} ${n(t.ay + 30)}L${n(ix - s * 3)} ${n(iy - 8)}`;
  return `<path d="${d}" fill="none" stroke="${p.hi2}" stroke-opacity="${p.isLight ? 0.5 : 0.22}" stroke-width="2.5"/>`;
}

// -------------------------------------------------------------------- shirt

const shirtTorso: TorsoSpec = {
  nw: 66,
  sw: 232,
  sy: 60,
  aw: 214,
  ay: 272,
  ww: 194,
  wy: 600,
  hw: 204,
  hy: 850,
  tail: 90,
  neckY: 6,
  neckFront: 60,
};

function shirtCollar(p: Palette): string {
  const out: string[] = [];
  // inside back of the neck + collar band seen from the front
  const hole = `M-64 4C-64 -34 64 -34 64 4C46 28 -46 28 -64 4Z`;
  out.push(interior(hole, p));
  const bandBack = `M-68 6C-70 -46 70 -46 68 6C64 -18 -64 -18 -68 6Z`;
  out.push(`<path d="${bandBack}" fill="${p.lo}"/><path d="${bandBack}" fill="url(#sheen)"/>`);
  // front of the collar band with its button
  const band = `M-36 16C-18 24 18 24 36 16L34 62C18 68 -18 68 -34 62Z`;
  out.push(panel(band, p));
  for (const s of sides) {
    const leaf = new PathB(s)
      .M(8, 58)
      .C(14, 34, 34, 0, 56, -30)
      .C(70, -38, 86, -28, 92, -8)
      .C(100, 24, 106, 58, 112, 98)
      .C(84, 92, 36, 76, 8, 58)
      .Z()
      .toString();
    out.push(softShadow(leaf, 4 * s, 9, 0.45));
    out.push(panel(leaf, p, s < 0 ? mix(p.base, p.hi, 0.6) : p.base));
    out.push(
      stitch(new PathB(s).M(18, 62).C(48, 78, 80, 88, 104, 92).toString(), p.line, { w: 1.2, dash: '4 3' }),
    );
    out.push(
      stitch(new PathB(s).M(85, -6).C(92, 24, 98, 56, 103, 86).toString(), p.line, { w: 1.2, dash: '4 3' }),
    );
  }
  return out.join('');
}

function shirtButtonColor(p: Palette): string {
  return p.isLight ? '#f2eee6' : p.isDark ? lighten(p.base, 0.12) : mix(p.base, '#f4f1ea', 0.45);
}

export function drawShirt(ctx: DrawCtx): Drawing {
  const { p } = ctx;
  const t = shirtTorso;
  const torso = torsoPath(t);
  const out: string[] = [];
  const sleeveSpec: SleeveSpec = { cx: 322, cy: 786, cw: 50, bow: 18, cuffH: 76 };
  const sleeves = sides.map((s) => ({ s, g: sleeveGeo(t, s, sleeveSpec) }));
  out.push(panel(torso, p));
  out.push(
    folds(ctx, torso, [
      fold(`M-150 300C-122 420 -112 520 -128 640`, 20, 0.8),
      fold(`M150 310C130 420 122 520 134 650`, 18, 0.8),
      fold(`M-190 650C-130 664 -70 672 -34 706`, 14, 0.7),
      fold(`M40 704C80 676 140 664 190 652`, 14, 0.7),
      fold(`M-196 420C-160 440 -120 470 -100 520`, 12, 0.6),
    ]),
  );
  // placket
  out.push(`<path d="M-19 60H19V${t.hy + t.tail - 4}H-19Z" fill="#fff" fill-opacity="0.05"/>`);
  out.push(
    seam(`M-19 64V${t.hy + t.tail - 6}`, p, 1.6, 0.5) + seam(`M19 64V${t.hy + t.tail - 6}`, p, 1.6, 0.5),
  );
  out.push(stitch(`M-13 70V${t.hy + t.tail - 10}`, p.line, { w: 1.1, dash: '4 3' }));
  // chest pocket (wearer's left)
  const pk = `M64 230H176V338L120 358L64 338Z`;
  out.push(softShadow(pk, 2, 4, 0.22));
  out.push(`<path d="${pk}" fill="${p.base}"/><path d="${pk}" fill="url(#sheen)"/>`);
  out.push(`<path d="${pk}" fill="none" stroke="${p.line}" stroke-opacity="0.45" stroke-width="1.6"/>`);
  out.push(stitch(`M66 250H174`, p.line, { w: 1.1, dash: '4 3' }));
  for (const s of sides) {
    out.push(
      seam(
        new PathB(s)
          .M(t.aw - 2, t.ay + 10)
          .C(t.ww, t.wy - 140, t.ww, t.wy + 120, t.hw - 2, t.hy - 4)
          .toString(),
        p,
        1.6,
        0.3,
      ),
    );
    out.push(
      seam(
        new PathB(s)
          .M(t.nw + 4, t.neckY + 4)
          .C(t.nw + 50, t.neckY + 10, t.sw - 60, t.sy - 10, t.sw - 4, t.sy)
          .toString(),
        p,
        1.6,
        0.4,
      ),
    );
  }
  for (const { s, g } of sleeves) {
    out.push(sleeveShadow(ctx, torso, g, s));
    out.push(tube(g.d, p, s < 0 ? mix(p.base, p.hi, 0.3) : p.base));
    out.push(folds(ctx, g.d, sleeveFolds(g, s, t, 0.9)));
    out.push(seam(g.seamLine, p, 1.6, 0.45));
    out.push(sleeveRim(g, t, s, p));
    const [ox, oy] = g.outer;
    const [ix, iy] = g.inner;
    const mx = ox + (ix - ox) * 0.35;
    const my = oy + (iy - oy) * 0.35;
    out.push(seam(`M${n(mx)} ${n(my)}L${n(mx - g.axis[0] * 120)} ${n(my - g.axis[1] * 120)}`, p, 1.4, 0.4));
    out.push(
      fold(
        `M${n(ox + (ix - ox) * 0.62)} ${n(oy + (iy - oy) * 0.62)}l${n(-g.axis[0] * 60)} ${n(-g.axis[1] * 60)}`,
        8,
        0.9,
      ),
    );
    out.push(softShadow(g.cuff, 0, 5, 0.3));
    out.push(panel(g.cuff, p));
    out.push(stitch(g.cuff, p.line, { w: 1, dash: '4 3' }));
    const bx = ox + (ix - ox) * 0.28 + g.axis[0] * 40;
    const by = oy + (iy - oy) * 0.28 + g.axis[1] * 40;
    out.push(button(bx, by, 8, shirtButtonColor(p), 4));
  }
  out.push(tex(ctx, 'weave', [torso, ...sleeves.map((q) => q.g.d), ...sleeves.map((q) => q.g.cuff)]));
  out.push(shirtCollar(p));
  out.push(button(0, 42, 7, shirtButtonColor(p), 4));
  for (let y = 150; y < t.hy + 40; y += 112) out.push(button(0, y, 9, shirtButtonColor(p), 4));
  return garment(out.join(''), [-380, -50, 380, t.hy + t.tail], { x: 10, y: 70, zoom: 2.8 });
}

// --------------------------------------------------------------- polo + tee

const teeTorso: TorsoSpec = {
  nw: 70,
  sw: 226,
  sy: 56,
  aw: 212,
  ay: 250,
  ww: 198,
  wy: 560,
  hw: 206,
  hy: 760,
  tail: 0,
  neckY: 6,
  neckFront: 62,
};

function shortSleeve(t: TorsoSpec, s: 1 | -1): { d: string; hem: string; band: string } {
  const b = new PathB(s)
    .M(t.sw - 8, t.sy - 4)
    .C(t.sw + 40, t.sy + 20, t.sw + 84, t.sy + 150, t.sw + 104, t.sy + 262)
    .C(t.sw + 60, t.sy + 292, t.sw + 14, t.sy + 304, t.aw + 20, t.ay + 84)
    .C(t.aw + 8, t.ay + 44, t.aw + 2, t.ay + 20, t.aw - 4, t.ay + 4)
    .C(t.aw + 4, t.ay - 70, t.sw - 8, t.sy + 70, t.sw - 8, t.sy - 4)
    .Z();
  const hem = new PathB(s)
    .M(t.sw + 94, t.sy + 240)
    .C(t.sw + 56, t.sy + 266, t.sw + 12, t.sy + 278, t.aw + 22, t.ay + 62)
    .toString();
  const band = new PathB(s)
    .M(t.sw + 96, t.sy + 232)
    .C(t.sw + 56, t.sy + 258, t.sw + 12, t.sy + 270, t.aw + 21, t.ay + 52)
    .L(t.aw + 20, t.ay + 84)
    .C(t.sw + 14, t.sy + 304, t.sw + 60, t.sy + 292, t.sw + 104, t.sy + 262)
    .Z()
    .toString();
  return { d: b.toString(), hem, band };
}

function teeBody(ctx: DrawCtx, t: TorsoSpec, texture: TextureName, ribbedSleeves: boolean): string {
  const { p } = ctx;
  const torso = torsoPath(t);
  const out: string[] = [];
  out.push(panel(torso, p));
  out.push(
    folds(ctx, torso, [
      fold(`M-160 270C-132 380 -132 470 -150 560`, 22, 0.9),
      fold(`M160 280C136 380 134 470 150 560`, 20, 0.9),
      fold(`M-180 604C-120 630 -70 650 -40 690`, 14, 0.6),
      fold(`M60 684C100 644 150 630 190 622`, 14, 0.6),
    ]),
  );
  out.push(stitch(`M${-t.hw + 6} ${t.hy - 24}H${t.hw - 6}`, p.line, { w: 1.2, dash: '4 3' }));
  out.push(stitch(`M${-t.hw + 6} ${t.hy - 31}H${t.hw - 6}`, p.line, { w: 1.2, dash: '4 3' }));
  const sleevePaths: string[] = [];
  for (const s of sides) {
    const sl = shortSleeve(t, s);
    sleevePaths.push(sl.d);
    out.push(`<g clip-path="${clip(ctx, torso)}">${softShadow(sl.d, -s * 10, 8, 0.35)}</g>`);
    out.push(tube(sl.d, p, s < 0 ? mix(p.base, p.hi, 0.3) : p.base));
    out.push(
      folds(ctx, sl.d, [
        fold(
          new PathB(s)
            .M(t.sw - 10, t.sy + 90)
            .Q(t.sw + 30, t.sy + 170, t.sw + 34, t.sy + 240)
            .toString(),
          14,
          0.8,
        ),
      ]),
    );
    out.push(
      seam(
        new PathB(s)
          .M(t.aw - 4, t.ay + 4)
          .C(t.aw + 4, t.ay - 70, t.sw - 8, t.sy + 70, t.sw - 8, t.sy - 4)
          .toString(),
        p,
        1.6,
        0.4,
      ),
    );
    if (ribbedSleeves) {
      out.push(
        `<path d="${sl.band}" fill="${p.base}"/>` +
          tex(ctx, 'rib', sl.band) +
          `<path d="${sl.band}" fill="url(#sheen)"/>`,
      );
      out.push(seam(sl.hem, p, 1.4, 0.5));
    } else {
      out.push(stitch(sl.hem, p.line, { w: 1.2, dash: '4 3' }));
    }
  }
  out.push(tex(ctx, texture, [torso, ...sleevePaths]));
  return out.join('');
}

export function drawTshirt(ctx: DrawCtx): Drawing {
  const { p } = ctx;
  const t = teeTorso;
  const out: string[] = [teeBody(ctx, t, 'jersey', false)];
  const hole = `M-66 8C-64 -24 64 -24 66 8C46 50 -46 50 -66 8Z`;
  out.push(interior(hole, p));
  const backRib = `M-66 8C-64 -24 64 -24 66 8C62 -6 -62 -6 -66 8Z`;
  out.push(`<path d="${backRib}" fill="${p.lo}"/>`);
  const ribD = `M-72 4C-56 74 56 74 72 4`;
  out.push(
    `<path d="${ribD}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="24"/>`,
  );
  out.push(`<path d="${ribD}" fill="none" stroke="${p.base}" stroke-width="20"/>`);
  out.push(
    `<path d="${ribD}" fill="none" stroke="${p.hi}" stroke-width="6" stroke-opacity="0.5" transform="translate(-1 -5)"/>`,
  );
  out.push(
    `<path d="${ribD}" fill="none" stroke="${p.lo}" stroke-width="6" stroke-opacity="0.5" transform="translate(0 6)"/>`,
  );
  out.push(stitch(`M-84 12C-66 92 66 92 84 12`, p.line, { w: 1.1, dash: '4 3' }));
  return garment(out.join(''), [-350, -30, 350, t.hy], { x: -10, y: 40, zoom: 2.8 });
}

export function drawPolo(ctx: DrawCtx): Drawing {
  const { p } = ctx;
  const t: TorsoSpec = { ...teeTorso, hy: 770, tail: 18 };
  const out: string[] = [teeBody(ctx, t, 'pique', true)];
  for (const s of sides)
    out.push(
      seam(
        new PathB(s)
          .M(t.hw - 4, t.hy - 70)
          .L(t.hw - 2, t.hy - 2)
          .toString(),
        p,
        1.8,
        0.5,
      ),
    );
  const hole = `M-62 8C-60 -26 60 -26 62 8C46 28 -46 28 -62 8Z`;
  out.push(interior(hole, p));
  const plk = `M-24 30H24V226Q0 238 -24 226Z`;
  out.push(softShadow(plk, 2, 3, 0.25));
  out.push(panel(plk, p));
  out.push(stitch(`M-18 40V220Q0 230 18 220V40`, p.line, { w: 1.1, dash: '4 3' }));
  out.push(seam(`M0 34V228`, p, 1.4, 0.35));
  const bandBack = `M-66 8C-68 -40 68 -40 66 8C60 -14 -60 -14 -66 8Z`;
  out.push(`<path d="${bandBack}" fill="${p.lo}"/>`);
  for (const s of sides) {
    const leaf = new PathB(s)
      .M(6, 36)
      .C(12, 10, 38, -18, 58, -32)
      .C(72, -38, 86, -26, 92, -6)
      .C(102, 26, 110, 58, 118, 94)
      .C(92, 92, 44, 70, 6, 36)
      .Z()
      .toString();
    out.push(softShadow(leaf, 4 * s, 8, 0.4));
    out.push(panel(leaf, p, s < 0 ? mix(p.base, p.hi, 0.6) : p.base));
    out.push(tex(ctx, 'rib', leaf));
    out.push(
      stitch(new PathB(s).M(14, 42).C(48, 68, 86, 84, 110, 88).toString(), p.line, { w: 1.1, dash: '4 3' }),
    );
  }
  const bc = p.isLight ? '#efe9dd' : mix(p.base, '#f4f1ea', 0.25);
  for (const y of [70, 136, 198]) out.push(button(0, y, 8.5, bc, 2));
  return garment(out.join(''), [-350, -40, 350, t.hy + t.tail], { x: 0, y: 90, zoom: 2.7 });
}

// ------------------------------------------------------------------ knitwear

export function drawKnitwear(ctx: DrawCtx): Drawing {
  const { p, rng } = ctx;
  const cable = rng() < 0.6;
  const t: TorsoSpec = {
    nw: 76,
    sw: 236,
    sy: 64,
    aw: 222,
    ay: 280,
    ww: 212,
    wy: 600,
    hw: 196,
    hy: 800,
    tail: 0,
    neckY: 8,
    neckFront: 60,
  };
  const torso = torsoPath(t);
  const out: string[] = [];
  const sp: SleeveSpec = { cx: 320, cy: 756, cw: 56, bow: 26, cuffH: 84 };
  out.push(`<path d="${torso}" fill="${p.base}"/>`);
  out.push(tex(ctx, cable ? 'cable' : 'knit', torso));
  out.push(`<path d="${torso}" fill="url(#form)"/>`);
  out.push(
    `<path d="${torso}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="2.4"/>`,
  );
  out.push(
    folds(ctx, torso, [
      fold(`M-170 300C-140 420 -150 520 -170 640`, 24, 0.9),
      fold(`M170 300C140 420 150 520 170 640`, 22, 0.9),
    ]),
  );
  const hem = `M${-t.hw} ${t.hy - 80}C-100 ${t.hy - 74} 100 ${t.hy - 74} ${t.hw} ${t.hy - 80}L${t.hw - 4} ${t.hy}C100 ${t.hy + 6} -100 ${t.hy + 6} ${-t.hw + 4} ${t.hy}Z`;
  out.push(
    softShadow(
      `M${-t.hw} ${t.hy - 80}C-100 ${t.hy - 74} 100 ${t.hy - 74} ${t.hw} ${t.hy - 80}L${t.hw} ${t.hy - 66}L${-t.hw} ${t.hy - 66}Z`,
      0,
      6,
      0.3,
    ),
  );
  out.push(
    `<path d="${hem}" fill="${p.base}"/>` + tex(ctx, 'rib', hem) + `<path d="${hem}" fill="url(#form)"/>`,
  );
  out.push(
    `<path d="${hem}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="2"/>`,
  );
  for (const s of sides) {
    const g = sleeveGeo(t, s, sp);
    out.push(sleeveShadow(ctx, torso, g, s));
    out.push(`<path d="${g.d}" fill="${s < 0 ? mix(p.base, p.hi, 0.3) : p.base}"/>`);
    out.push(tex(ctx, 'knit', g.d));
    out.push(`<path d="${g.d}" fill="url(#cyl)"/>`);
    out.push(
      `<path d="${g.d}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="2.4"/>`,
    );
    out.push(folds(ctx, g.d, sleeveFolds(g, s, t, 1.1)));
    out.push(seam(g.seamLine, p, 2, 0.45));
    out.push(sleeveRim(g, t, s, p));
    out.push(softShadow(g.cuff, 0, 5, 0.3));
    out.push(
      `<path d="${g.cuff}" fill="${p.base}"/>` +
        tex(ctx, 'rib', g.cuff) +
        `<path d="${g.cuff}" fill="url(#cyl)"/>`,
    );
    out.push(
      `<path d="${g.cuff}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="2"/>`,
    );
  }
  const hole = `M-68 8C-66 -26 66 -26 68 8C48 44 -48 44 -68 8Z`;
  out.push(interior(hole, p));
  const neck = `M-90 4C-86 -38 86 -38 90 4C76 78 -76 78 -90 4ZM-66 10C-46 46 46 46 66 10C62 -18 -62 -18 -66 10Z`;
  out.push(`<path d="${neck}" fill="${p.base}" fill-rule="evenodd"/>`);
  out.push(`<g clip-path="${clip(ctx, neck)}">${tex(ctx, 'rib', 'M-100 -50H100V100H-100Z')}</g>`);
  out.push(`<path d="${neck}" fill="url(#form)" fill-rule="evenodd"/>`);
  out.push(
    `<path d="${neck}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="2"/>`,
  );
  return garment(out.join(''), [-380, -45, 380, t.hy], { x: cable ? 30 : 0, y: 90, zoom: 2.5 });
}

// ---------------------------------------------------------------- jacket (bomber)

export function drawJacket(ctx: DrawCtx): Drawing {
  const { p, m } = ctx;
  const t: TorsoSpec = {
    nw: 74,
    sw: 246,
    sy: 70,
    aw: 232,
    ay: 290,
    ww: 230,
    wy: 560,
    hw: 214,
    hy: 720,
    tail: 0,
    neckY: 4,
    neckFront: 40,
  };
  const torso = torsoPath(t);
  const rib = mix(p.base, p.isDark ? '#3a3a3a' : '#1c1c1c', 0.35);
  const ribP = makePalette(rib);
  const out: string[] = [];
  const sp: SleeveSpec = { cx: 340, cy: 736, cw: 62, bow: 34, cuffH: 80 };
  out.push(panel(torso, p));
  out.push(
    folds(ctx, torso, [
      fold(`M-200 640C-120 614 -60 628 -20 662`, 18, 1.1),
      fold(`M30 662C70 624 140 616 204 642`, 18, 1.1),
      fold(`M-180 330C-150 430 -150 520 -170 600`, 22, 0.9),
      fold(`M180 330C150 430 150 520 170 600`, 22, 0.9),
    ]),
  );
  const hem = `M${-t.hw + 4} ${t.hy - 6}H${t.hw - 4}L${t.hw - 18} ${t.hy + 74}H${-t.hw + 18}Z`;
  out.push(softShadow(`M${-t.hw} ${t.hy - 20}H${t.hw}V${t.hy}H${-t.hw}Z`, 0, 8, 0.3));
  out.push(
    `<path d="${hem}" fill="${rib}"/>` + tex(ctx, 'rib', hem) + `<path d="${hem}" fill="url(#sheen)"/>`,
  );
  out.push(`<path d="${hem}" fill="none" stroke="${ribP.outline}" stroke-opacity="0.4" stroke-width="2"/>`);
  for (const s of sides) {
    const w = new PathB(s).M(70, 470).L(150, 380).L(166, 392).L(86, 482).Z().toString();
    out.push(
      `<path d="${w}" fill="${p.lo}"/><path d="${w}" fill="none" stroke="${p.line}" stroke-opacity="0.6" stroke-width="2"/>`,
    );
    out.push(seam(new PathB(s).M(78, 476).L(158, 386).toString(), p, 2, 0.7));
  }
  for (const s of sides) {
    const g = sleeveGeo(t, s, sp);
    out.push(sleeveShadow(ctx, torso, g, s, 0.45));
    out.push(panel(g.d, p, s < 0 ? mix(p.base, p.hi, 0.25) : p.base));
    out.push(`<path d="${g.d}" fill="url(#cyl)"/>`);
    out.push(
      folds(ctx, g.d, [
        ...sleeveFolds(g, s, t, 1.1),
        fold(
          `M${n(g.outer[0] + 6 * s)} ${n(g.outer[1] - 40)}Q${n((g.outer[0] + g.inner[0]) / 2)} ${n(g.outer[1] - 10)} ${n(g.inner[0] - 4 * s)} ${n(g.inner[1] - 30)}`,
          14,
          1.1,
        ),
      ]),
    );
    out.push(seam(g.seamLine, p, 2, 0.5));
    out.push(sleeveRim(g, t, s, p));
    out.push(softShadow(g.cuff, 0, 6, 0.3));
    out.push(
      `<path d="${g.cuff}" fill="${rib}"/>` +
        tex(ctx, 'rib', g.cuff) +
        `<path d="${g.cuff}" fill="url(#cyl)"/>`,
    );
    if (s > 0) {
      const px0 = t.sw + 22;
      const pk = `M${px0} 190L${px0 + 62} 180L${px0 + 78} 300L${px0 + 14} 312Z`;
      out.push(softShadow(pk, 3, 5, 0.3));
      out.push(panel(pk, p));
      out.push(zipper(`M${px0 + 8} 204L${px0 + 64} 195`, m, p.lo, 0.6));
      out.push(zipPull(px0 + 16, 204, 0.75, 10));
      out.push(
        stitch(`M${px0 + 6} 214L${px0 + 18} 300L${px0 + 72} 290L${px0 + 62} 184`, p.line, {
          w: 1.2,
          dash: '4 3',
        }),
      );
    }
  }
  out.push(`<path d="M0 30V${t.hy + 70}" stroke="${p.lo2}" stroke-width="22"/>`);
  out.push(zipper(`M0 34V${t.hy + 70}`, m, p.lo, 0.9));
  // rib collar: a ring of rib around the neck (inside back visible), the two front halves meeting at the zip
  const ring = `M-102 10C-102 -70 102 -70 102 10C102 44 -102 44 -102 10Z`;
  out.push(
    `<path d="${ring}" fill="${darken(rib, 0.2)}"/>` +
      tex(ctx, 'rib', ring) +
      `<path d="${ring}" fill="url(#sheen)"/>`,
  );
  out.push(`<path d="${ring}" fill="none" stroke="${ribP.outline}" stroke-opacity="0.5" stroke-width="2"/>`);
  out.push(interior(`M-72 4C-70 -38 70 -38 72 4C52 26 -52 26 -72 4Z`, p));
  for (const s of sides) {
    const half = new PathB(s)
      .M(104, -2)
      .C(104, 34, 52, 46, 8, 46)
      .L(8, 88)
      .C(60, 88, 114, 64, 120, 12)
      .Z()
      .toString();
    out.push(softShadow(half, 0, 7, 0.35));
    out.push(
      `<path d="${half}" fill="${rib}"/>` + tex(ctx, 'rib', half) + `<path d="${half}" fill="url(#sheen)"/>`,
    );
    out.push(
      `<path d="${half}" fill="none" stroke="${ribP.outline}" stroke-opacity="0.5" stroke-width="2"/>`,
    );
  }
  out.push(zipPull(0, 100, 1.3, 4));
  return garment(out.join(''), [-410, -60, 410, t.hy + 74], { x: 20, y: 110, zoom: 2.6 });
}

// --------------------------------------------------------- tailoring (blazer/suit)

interface TailorOpts {
  /** What shows inside the V: jacket lining, or shirt + tie (suit). */
  inner: 'lining' | 'shirtTie';
}

const jacketTorso: TorsoSpec = {
  nw: 66,
  sw: 244,
  sy: 44,
  aw: 224,
  ay: 280,
  ww: 204,
  wy: 520,
  hw: 222,
  hy: 760,
  tail: 0,
  neckY: -2,
  neckFront: 20,
};

function tailoredJacket(ctx: DrawCtx, o: TailorOpts): string {
  const { p } = ctx;
  const t = jacketTorso;
  const B = 440;
  const out: string[] = [];
  const lining = mix(darken(p.base, 0.5), ctx.accent, 0.25);
  const liningP = makePalette(lining);
  const torso = torsoPath(t);
  const gap = `M0 612C8 680 36 726 76 ${t.hy + 6}H-76C-36 726 -8 680 0 612Z`;
  const vee = `M-60 -4C-50 140 -26 320 0 ${B}C26 320 50 140 60 -4C30 -24 -30 -24 -60 -4Z`;
  const sp: SleeveSpec = { cx: 330, cy: 744, cw: 58, bow: 20, cuffH: 0 };
  const sleeves = sides.map((s) => ({ s, g: sleeveGeo(t, s, sp) }));
  if (o.inner === 'lining')
    out.push(`<path d="${gap}" fill="${lining}"/><path d="${gap}" fill="#000" fill-opacity="0.3"/>`);
  out.push(`<g clip-path="${clip(ctx, `M-700 -300H700V1300H-700Z${gap}`)}">`);
  out.push(panel(torso, p));
  out.push(`</g>`);
  // inside of the V
  if (o.inner === 'lining') {
    out.push(`<path d="${vee}" fill="${lining}"/><path d="${vee}" fill="url(#drop)"/>`);
    out.push(seam(`M-22 30C-16 160 -8 300 -2 ${B - 10}`, liningP, 2, 0.5));
  } else {
    const shirt = makePalette(ctx.accent === '#233a5e' ? '#dfe8f2' : '#f5f3ee');
    const tieP = makePalette(ctx.accent === '#f4efe4' || ctx.accent === '#c7a26a' ? '#7a2430' : ctx.accent);
    const inner: string[] = [];
    inner.push(`<path d="${vee}" fill="${shirt.base}"/><path d="${vee}" fill="url(#form)"/>`);
    for (const s of sides) {
      const leaf = new PathB(s)
        .M(4, 58)
        .C(16, 30, 40, -2, 58, -24)
        .L(78, -6)
        .C(74, 30, 66, 64, 58, 98)
        .C(40, 86, 20, 74, 4, 58)
        .Z()
        .toString();
      inner.push(softShadow(leaf, 3 * s, 6, 0.35) + panel(leaf, shirt));
    }
    const knot = `M-22 38H22L14 86H-14Z`;
    const blade = `M-14 86H14L38 ${B + 40}H-38Z`;
    inner.push(softShadow(blade, 3, 6, 0.35));
    inner.push(
      `<path d="${blade}" fill="${tieP.base}"/>` +
        tex({ ...ctx, p: tieP }, 'tiepat', blade) +
        `<path d="${blade}" fill="url(#cyl)"/>`,
    );
    inner.push(softShadow(knot, 2, 5, 0.4) + panel(knot, tieP, tieP.hi));
    inner.push(fold(`M0 88L0 130`, 6, 1.6));
    out.push(`<g clip-path="${clip(ctx, vee)}">${inner.join('')}</g>`);
  }
  const hole = `M-56 -6C-56 -34 56 -34 56 -6C30 6 -30 6 -56 -6Z`;
  out.push(interior(hole, liningP));
  // front edge of the overlapping panel, with its shadow
  const edge = `M-2 ${B}C0 500 -2 560 0 612C8 680 36 726 76 ${t.hy + 4}`;
  out.push(
    `<path d="${edge}" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="5" transform="translate(3 2)"/>`,
  );
  out.push(`<path d="${edge}" fill="none" stroke="${p.line}" stroke-opacity="0.7" stroke-width="2"/>`);
  out.push(
    folds(ctx, torso, [
      fold(`M-8 ${B + 60}L-110 ${B + 40}`, 10, 0.9),
      fold(`M10 ${B + 60}L120 ${B + 30}`, 10, 0.9),
      fold(`M-150 300C-160 380 -150 440 -130 500`, 18, 0.7),
      fold(`M150 300C160 380 150 440 130 500`, 18, 0.7),
    ]),
  );
  for (const s of sides)
    out.push(seam(new PathB(s).M(112, 340).C(116, 420, 116, 520, 112, 588).toString(), p, 1.4, 0.35));
  // flap pockets
  for (const s of sides) {
    const flap = new PathB(s).M(86, 596).L(216, 588).L(218, 640).Q(150, 648, 88, 648).Z().toString();
    out.push(softShadow(flap, 2 * s, 6, 0.35));
    out.push(panel(flap, p));
    out.push(stitch(new PathB(s).M(94, 604).L(210, 596).toString(), p.line, { w: 1, dash: '3 3' }));
  }
  // chest welt pocket (wearer's left) with a silk pocket square
  {
    const sq = makePalette(o.inner === 'lining' ? ctx.accent : '#f6f4ef');
    const points = `M150 284L156 252L172 268L186 236L200 266L214 250L220 284Z`;
    out.push(softShadow(points, 2, 4, 0.3) + panel(points, sq, sq.base));
    out.push(
      `<path d="M172 268L180 284M200 266L196 284" stroke="${sq.lo}" stroke-width="2" stroke-opacity="0.7"/>`,
    );
  }
  const welt = `M140 278L226 272L228 294L142 300Z`;
  out.push(softShadow(welt, 1, 3, 0.3) + panel(welt, p, p.hi));
  const btn = p.isLight ? darken(p.base, 0.45) : mix(lighten(p.base, 0.1), '#3b2b20', 0.55);
  out.push(button(0, B + 44, 13, btn, 4) + button(0, B + 154, 13, btn, 4));
  for (const { s, g } of sleeves) {
    out.push(sleeveShadow(ctx, torso, g, s, 0.45));
    out.push(tube(g.d, p, s < 0 ? mix(p.base, p.hi, 0.25) : p.base));
    out.push(folds(ctx, g.d, sleeveFolds(g, s, t, 0.8)));
    out.push(seam(g.seamLine, p, 2, 0.55));
    out.push(sleeveRim(g, t, s, p));
    const [ox, oy] = g.outer;
    const [ix, iy] = g.inner;
    for (let k = 0; k < 4; k++) {
      const f = 0.26;
      out.push(
        button(
          ix + (ox - ix) * f - g.axis[0] * (34 + k * 20),
          iy + (oy - iy) * f - g.axis[1] * (34 + k * 20),
          6.5,
          btn,
          4,
        ),
      );
    }
    out.push(
      stitch(
        `M${n(ox - g.axis[0] * 10)} ${n(oy - g.axis[1] * 10)}L${n(ix - g.axis[0] * 10)} ${n(iy - g.axis[1] * 10)}`,
        p.line,
        { w: 1, dash: '3 3' },
      ),
    );
  }
  out.push(tex(ctx, 'wool', [torso, ...sleeves.map((q) => q.g.d)]));
  // collar and lapels
  for (const s of sides) {
    const collar = new PathB(s)
      .M(38, -36)
      .C(74, -36, 98, -20, 106, 8)
      .C(112, 56, 116, 98, 120, 136)
      .L(57, 58)
      .C(60, 20, 56, -10, 38, -36)
      .Z()
      .toString();
    out.push(softShadow(collar, 3 * s, 6, 0.35));
    out.push(panel(collar, p, s < 0 ? mix(p.base, p.hi, 0.5) : p.base));
    const lapel = new PathB(s)
      .M(57, 60)
      .L(124, 146)
      .L(154, 170)
      .C(142, 252, 72, 372, 0, B)
      .C(24, 330, 46, 170, 57, 60)
      .Z()
      .toString();
    out.push(softShadow(lapel, 6 * s, 10, 0.45));
    out.push(panel(lapel, p, s < 0 ? mix(p.base, p.hi, 0.55) : p.base));
    out.push(
      folds(ctx, lapel, [
        fold(new PathB(s).M(58, 70).C(46, 170, 24, 330, 2, B).toString(), 7, 1.3, s < 0 ? 1 : -1),
      ]),
    );
    out.push(
      stitch(
        new PathB(s)
          .M(128, 156)
          .L(146, 172)
          .C(134, 250, 68, 364, 8, B - 6)
          .toString(),
        p.line,
        { w: 1, dash: '3 3' },
      ),
    );
    if (s > 0)
      out.push(`<path d="M112 206l14 -4" stroke="${p.lo2}" stroke-width="4" stroke-linecap="round"/>`);
  }
  return out.join('');
}

export function drawBlazer(ctx: DrawCtx): Drawing {
  const svg = tailoredJacket(ctx, { inner: 'lining' });
  return garment(svg, [-400, -50, 400, jacketTorso.hy + 10], { x: 130, y: 230, zoom: 2.6 });
}

export function drawSuit(ctx: DrawCtx): Drawing {
  const { p } = ctx;
  const out: string[] = [];
  for (const s of sides) {
    const leg = new PathB(s)
      .M(0, 560)
      .L(210, 560)
      .C(214, 900, 200, 1300, 194, 1570)
      .L(36, 1576)
      .C(32, 1300, 20, 1000, 2, 900)
      .Z()
      .toString();
    out.push(tube(leg, p, s < 0 ? mix(p.base, p.hi, 0.2) : p.base));
    out.push(tex(ctx, 'wool', leg));
    out.push(
      `<path d="${new PathB(s).M(112, 770).C(112, 1100, 112, 1350, 112, 1570).toString()}" fill="none" stroke="${p.hi2}" stroke-opacity="0.3" stroke-width="3"/>`,
    );
    out.push(seam(new PathB(s).M(114, 770).C(114, 1100, 114, 1350, 114, 1570).toString(), p, 1.6, 0.45));
    out.push(
      folds(ctx, leg, [
        fold(new PathB(s).M(50, 1490).Q(110, 1466, 176, 1494).toString(), 10, 1),
        fold(new PathB(s).M(30, 900).Q(80, 960, 150, 930).toString(), 12, 0.7),
      ]),
    );
  }
  out.push(tailoredJacket(ctx, { inner: 'shirtTie' }));
  return garment(
    out.join(''),
    [-400, -50, 400, 1576],
    { x: 10, y: 150, zoom: 3 },
    { x: 0, y: 380, zoom: 1.9, rotate: 0 },
  );
}

// ---------------------------------------------------------------- trousers & jeans

interface LegSpec {
  waistW: number;
  hipW: number;
  hemW: number;
  length: number;
  crotchY: number;
  gap: number;
}

/** Fly / crotch panel behind the legs so no background shows between them up top. */
function crotchPanel(l: LegSpec, p: Palette): string {
  return `<path d="M-40 50H40V${l.crotchY + 16}L0 ${l.crotchY + 30}L-40 ${l.crotchY + 16}Z" fill="${p.lo}"/>`;
}

function trouserLegs(l: LegSpec): string[] {
  return sides.map((s) =>
    new PathB(s)
      .M(0, 56)
      .L(l.waistW, 56)
      .C(l.hipW + 4, 160, l.hipW + 6, 300, l.hipW, 420)
      .C(l.hipW - 10, 700, l.hemW + 20 + l.gap, 1000, l.hemW + l.gap + 18, l.length)
      .L(l.gap + 4, l.length + 4)
      .C(l.gap, 900, l.gap - 2, 600, 4, l.crotchY)
      .Z()
      .toString(),
  );
}

export function drawTrousers(ctx: DrawCtx): Drawing {
  const { p } = ctx;
  const l: LegSpec = { waistW: 212, hipW: 226, hemW: 150, length: 1100, crotchY: 330, gap: 14 };
  const legs = trouserLegs(l);
  const waistband = `M${-l.waistW - 4} 0H${l.waistW + 4}L${l.waistW + 2} 60H${-l.waistW - 2}Z`;
  const out: string[] = [];
  out.push(interior(`M-200 4C-120 -30 120 -30 200 4V30H-200Z`, p));
  out.push(crotchPanel(l, p));
  legs.forEach((leg, i) => {
    const s = sides[i] ?? 1;
    out.push(tube(leg, p, s < 0 ? mix(p.base, p.hi, 0.25) : p.base));
    const cx = (l.hipW + l.gap) / 2 + 8;
    out.push(
      `<path d="${new PathB(s)
        .M(cx + 10, 70)
        .C(cx + 6, 400, cx - 2, 800, cx - 8, l.length)
        .toString()}" fill="none" stroke="${p.hi2}" stroke-opacity="0.4" stroke-width="3" transform="translate(-2 0)"/>`,
    );
    out.push(
      seam(
        new PathB(s)
          .M(cx + 12, 70)
          .C(cx + 8, 400, cx, 800, cx - 6, l.length)
          .toString(),
        p,
        1.6,
        0.45,
      ),
    );
    out.push(
      folds(ctx, leg, [
        fold(
          new PathB(s)
            .M(l.gap + 10, l.crotchY + 20)
            .Q(90, 380, 170, 330)
            .toString(),
          14,
          0.8,
        ),
        fold(
          new PathB(s)
            .M(l.gap + 20, l.length - 90)
            .Q(100, l.length - 60, l.hemW + 20, l.length - 80)
            .toString(),
          12,
          0.9,
        ),
        fold(
          new PathB(s)
            .M(l.gap + 20, l.length - 180)
            .Q(90, l.length - 150, 140, l.length - 170)
            .toString(),
          10,
          0.6,
        ),
      ]),
    );
    out.push(
      seam(
        new PathB(s)
          .M(l.waistW - 64, 62)
          .C(l.waistW - 40, 140, l.hipW - 10, 200, l.hipW + 2, 230)
          .toString(),
        p,
        2,
        0.6,
      ),
    );
    out.push(
      stitch(
        new PathB(s)
          .M(l.waistW - 54, 64)
          .C(l.waistW - 30, 136, l.hipW - 16, 190, l.hipW - 4, 214)
          .toString(),
        p.line,
        { w: 1, dash: '3 3' },
      ),
    );
    out.push(
      stitch(
        new PathB(s)
          .M(l.gap + 6, l.length - 16)
          .L(l.hemW + l.gap + 14, l.length - 14)
          .toString(),
        p.line,
        { w: 1, dash: '3 3' },
      ),
    );
  });
  out.push(tex(ctx, 'wool', legs));
  out.push(seam(`M-4 60V${l.crotchY - 20}`, p, 1.8, 0.55));
  out.push(
    stitch(`M-4 70H-40V${l.crotchY - 60}Q-40 ${l.crotchY - 30} -8 ${l.crotchY - 24}`, p.line, {
      w: 1.1,
      dash: '4 3',
    }),
  );
  out.push(softShadow(waistband, 0, 6, 0.3) + panel(waistband, p, p.hi));
  out.push(stitch(`M${-l.waistW} 8H${l.waistW}M${-l.waistW} 52H${l.waistW}`, p.line, { w: 1, dash: '3 3' }));
  for (const x of [-198, -110, 110, 198]) {
    const loop = `M${x - 9} -6H${x + 9}V66H${x - 9}Z`;
    out.push(softShadow(loop, 2, 3, 0.3) + panel(loop, p));
  }
  const tab = `M-20 4H50Q58 4 58 14V46Q58 56 48 56H-20Z`;
  out.push(panel(tab, p, p.hi));
  out.push(button(30, 30, 9, darken(p.base, 0.35), 4));
  return garment(
    out.join(''),
    [-270, -30, 270, l.length + 4],
    { x: 20, y: 90, zoom: 2.6 },
    { x: 0, y: 320, zoom: 1.55, rotate: 0 },
  );
}

export function drawJeans(ctx: DrawCtx): Drawing {
  const { p } = ctx;
  const amber = '#d9953a';
  const l: LegSpec = { waistW: 214, hipW: 230, hemW: 140, length: 1120, crotchY: 320, gap: 12 };
  const legs = trouserLegs(l);
  const waistband = `M${-l.waistW - 4} 0H${l.waistW + 4}L${l.waistW + 2} 60H${-l.waistW - 2}Z`;
  const copper = { light: '#f4c9a0', mid: '#c07a45', deep: '#4a2812' };
  const out: string[] = [];
  out.push(interior(`M-200 4C-120 -30 120 -30 200 4V30H-200Z`, p));
  out.push(crotchPanel(l, p));
  legs.forEach((leg, i) => {
    const s = sides[i] ?? 1;
    out.push(tube(leg, p, s < 0 ? mix(p.base, p.hi, 0.2) : p.base));
  });
  out.push(tex(ctx, 'denim', legs));
  legs.forEach((leg, i) => {
    const s = sides[i] ?? 1;
    // wash: faded thighs and knees, whiskers at the hips
    out.push(
      `<g clip-path="${clip(ctx, leg)}">` +
        `<ellipse cx="${n(s * 118)}" cy="360" rx="110" ry="230" fill="url(#fade)"/>` +
        `<ellipse cx="${n(s * 108)}" cy="700" rx="80" ry="120" fill="url(#fade)"/>` +
        `</g>`,
    );
    const wh: string[] = [];
    for (let k = 0; k < 4; k++)
      wh.push(
        new PathB(s)
          .M(30 + k * 8, 250 + k * 30)
          .Q(90, 246 + k * 30, 150 - k * 10, 222 + k * 22)
          .toString(),
      );
    out.push(
      wh
        .map(
          (d, k) =>
            `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="${0.1 - k * 0.015}" stroke-width="${7 - k}" stroke-linecap="round"/>`,
        )
        .join(''),
    );
    out.push(
      folds(ctx, leg, [
        fold(
          new PathB(s)
            .M(l.gap + 20, l.length - 100)
            .Q(100, l.length - 60, l.hemW + 20, l.length - 90)
            .toString(),
          12,
          1.1,
        ),
        fold(
          new PathB(s)
            .M(l.gap + 20, l.length - 200)
            .Q(90, l.length - 160, 150, l.length - 190)
            .toString(),
          12,
          0.9,
        ),
        fold(new PathB(s).M(30, 720).Q(100, 700, 170, 720).toString(), 10, 0.7),
      ]),
    );
    out.push(
      stitch(
        new PathB(s)
          .M(l.hipW - 8, 420)
          .C(l.hipW - 18, 700, l.hemW + 30 + l.gap, 1000, l.hemW + l.gap + 10, l.length - 10)
          .toString(),
        amber,
        { w: 1.6, dash: '5 3' },
      ),
    );
    out.push(
      seam(
        new PathB(s)
          .M(l.waistW - 110, 62)
          .C(l.waistW - 90, 170, l.hipW - 50, 200, l.hipW + 2, 206)
          .toString(),
        p,
        2,
        0.7,
      ),
    );
    out.push(
      stitch(
        new PathB(s)
          .M(l.waistW - 98, 64)
          .C(l.waistW - 80, 160, l.hipW - 48, 188, l.hipW - 2, 192)
          .toString(),
        amber,
        { w: 1.5, dash: '5 3' },
      ),
    );
    out.push(
      stitch(
        new PathB(s)
          .M(l.waistW - 90, 64)
          .C(l.waistW - 72, 150, l.hipW - 46, 178, l.hipW - 2, 182)
          .toString(),
        amber,
        { w: 1.5, dash: '5 3' },
      ),
    );
    out.push(
      stitch(
        new PathB(s)
          .M(l.gap + 6, l.length - 18)
          .L(l.hemW + l.gap + 14, l.length - 16)
          .toString(),
        amber,
        { w: 1.5, dash: '5 3' },
      ),
    );
    out.push(
      stitch(
        new PathB(s)
          .M(l.gap + 6, l.length - 28)
          .L(l.hemW + l.gap + 14, l.length - 26)
          .toString(),
        amber,
        { w: 1.5, dash: '5 3' },
      ),
    );
  });
  out.push(
    stitch(`M-190 78H-132`, amber, { w: 1.5, dash: '5 3' }) +
      stitch(`M-192 70L-188 146M-130 70L-127 146`, amber, { w: 1.4, dash: '5 3' }),
  );
  out.push(
    `<path d="M-196 66H-128L-124 150H-192Z" fill="none" stroke="${p.line}" stroke-opacity="0.5" stroke-width="1.6"/>`,
  );
  out.push(seam(`M-2 60V${l.crotchY - 20}`, p, 2, 0.6));
  out.push(
    stitch(`M-4 68H-44V${l.crotchY - 70}Q-44 ${l.crotchY - 30} -8 ${l.crotchY - 20}`, amber, {
      w: 1.6,
      dash: '5 3',
    }),
  );
  out.push(
    stitch(`M-4 68H-54V${l.crotchY - 70}Q-54 ${l.crotchY - 22} -8 ${l.crotchY - 10}`, amber, {
      w: 1.6,
      dash: '5 3',
    }),
  );
  out.push(softShadow(waistband, 0, 6, 0.3) + panel(waistband, p, p.hi) + tex(ctx, 'denim', waistband));
  out.push(stitch(`M${-l.waistW} 8H${l.waistW}M${-l.waistW} 52H${l.waistW}`, amber, { w: 1.5, dash: '5 3' }));
  for (const x of [-206, -120, 120, 206]) {
    const loop = `M${x - 10} -8H${x + 10}V68H${x - 10}Z`;
    out.push(softShadow(loop, 2, 3, 0.3) + panel(loop, p));
    out.push(stitch(`M${x - 5} -2V62M${x + 5} -2V62`, amber, { w: 1.2, dash: '4 3' }));
  }
  out.push(metalButton(14, 30, 17));
  const rivets: Pt[] = [
    [-(l.waistW - 104), 68],
    [-(l.hipW - 2), 200],
    [l.waistW - 104, 68],
    [l.hipW - 2, 200],
    [-194, 70],
    [-128, 70],
  ];
  for (const [x, y] of rivets) {
    out.push(
      `<circle cx="${n(x + 1.5)}" cy="${n(y + 2.5)}" r="7.5" fill="#000" fill-opacity="0.3"/>` +
        `<circle cx="${n(x)}" cy="${n(y)}" r="7" fill="${copper.mid}"/><circle cx="${n(x - 2)}" cy="${n(y - 2)}" r="2.6" fill="${copper.light}"/>` +
        `<circle cx="${n(x)}" cy="${n(y)}" r="7" fill="none" stroke="${copper.deep}" stroke-width="1.2"/>`,
    );
  }
  return garment(
    out.join(''),
    [-270, -30, 270, l.length + 4],
    { x: -70, y: 150, zoom: 2.5 },
    { x: 0, y: 300, zoom: 1.55, rotate: 0 },
  );
}

// ---------------------------------------------------------------- kaftan / agbada

interface Ink {
  ink: string;
  hi: string;
  shade: string;
}

/** Embroidery thread: gold or tone-on-tone depending on the seed. */
function embroideryInk(ctx: DrawCtx): Ink {
  const p = ctx.p;
  if (ctx.rng() < 0.55) return { ink: ctx.m.mid, hi: ctx.m.light, shade: ctx.m.deep };
  if (p.isLight)
    return {
      ink: mix(p.base, '#8a6f4a', 0.32),
      hi: lighten(p.base, 0.5),
      shade: mix(p.base, '#5a4630', 0.5),
    };
  return {
    ink: lighten(p.base, p.isDark ? 0.32 : 0.3),
    hi: lighten(p.base, 0.6),
    shade: darken(p.base, 0.5),
  };
}

function bez(p0: Pt, p1: Pt, p2: Pt, p3: Pt, t: number): Pt {
  const u = 1 - t;
  return [
    u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
    u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
  ];
}

/** Satin-stitch embroidery band along a curve: corded edges, filled lozenges, French knots. */
function embroideryBand(curve: readonly [Pt, Pt, Pt, Pt], width: number, count: number, ink: Ink): string {
  const steps = Math.max(10, count * 3);
  const pts: Array<{ pt: Pt; nx: number; ny: number }> = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const a = bez(...curve, Math.max(0, t - 0.01));
    const b = bez(...curve, Math.min(1, t + 0.01));
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    pts.push({ pt: bez(...curve, t), nx: -(b[1] - a[1]) / len, ny: (b[0] - a[0]) / len });
  }
  const off = (k: number): string =>
    pts
      .map(({ pt, nx, ny }, i) => `${i === 0 ? 'M' : 'L'}${n(pt[0] + nx * k)} ${n(pt[1] + ny * k)}`)
      .join('');
  const edges = off(width / 2) + off(-width / 2);
  const inner = off(width / 2 - 5) + off(-width / 2 + 5);
  const loz: string[] = [];
  const knots: string[] = [];
  for (let i = 0; i < count; i++) {
    const t = (i + 0.5) / count;
    const c = bez(...curve, t);
    const a = bez(...curve, Math.max(0, t - 0.01));
    const b = bez(...curve, Math.min(1, t + 0.01));
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const ux = (b[0] - a[0]) / len;
    const uy = (b[1] - a[1]) / len;
    const r = width * 0.3;
    const L = r * 1.4;
    loz.push(
      `M${n(c[0] - ux * L)} ${n(c[1] - uy * L)}L${n(c[0] - uy * r)} ${n(c[1] + ux * r)}L${n(c[0] + ux * L)} ${n(c[1] + uy * L)}L${n(c[0] + uy * r)} ${n(c[1] - ux * r)}Z`,
    );
    const e = bez(...curve, Math.min(1, t + 0.5 / count));
    knots.push(`M${n(e[0] - 2.6)} ${n(e[1])}a2.6 2.6 0 1 0 5.2 0a2.6 2.6 0 1 0 -5.2 0Z`);
  }
  const lz = loz.join('');
  return (
    `<path d="${edges}" fill="none" stroke="${ink.shade}" stroke-opacity="0.5" stroke-width="4.8" transform="translate(0.8 1.4)"/>` +
    `<path d="${edges}" fill="none" stroke="${ink.ink}" stroke-width="4.2"/>` +
    `<path d="${edges}" fill="none" stroke="${ink.hi}" stroke-opacity="0.7" stroke-width="1.1" transform="translate(-0.6 -0.8)"/>` +
    `<path d="${inner}" fill="none" stroke="${ink.ink}" stroke-width="1.8" stroke-dasharray="3 2.2"/>` +
    `<path d="${lz}" fill="${ink.shade}" fill-opacity="0.45" transform="translate(0.8 1.4)"/>` +
    `<path d="${lz}" fill="${ink.ink}"/>` +
    `<path d="${lz}" fill="none" stroke="${ink.hi}" stroke-opacity="0.55" stroke-width="1" transform="translate(-0.5 -0.7)"/>` +
    `<path d="${knots.join('')}" fill="${ink.ink}"/>`
  );
}

/** Spiral motif (Agbada chest work). */
function swirl(x: number, y: number, r: number, ink: Ink, dir = 1): string {
  let d = `M${n(x)} ${n(y)}`;
  for (let a = 0; a < Math.PI * 5; a += 0.3) {
    const rr = (r * a) / (Math.PI * 5);
    d += `L${n(x + Math.cos(a * dir) * rr)} ${n(y + Math.sin(a * dir) * rr)}`;
  }
  return (
    `<path d="${d}" fill="none" stroke="${ink.shade}" stroke-opacity="0.5" stroke-width="4" transform="translate(0.8 1.3)"/>` +
    `<path d="${d}" fill="none" stroke="${ink.ink}" stroke-width="3.4" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${ink.hi}" stroke-opacity="0.6" stroke-width="1" transform="translate(-0.6 -0.8)"/>`
  );
}

/** Diamond medallion with a filled centre (kaftan chest focal point). */
function medallion(x: number, y: number, r: number, ink: Ink): string {
  const d = (k: number): string =>
    `M${n(x)} ${n(y - r * k)}L${n(x + r * k * 0.8)} ${n(y)}L${n(x)} ${n(y + r * k)}L${n(x - r * k * 0.8)} ${n(y)}Z`;
  return (
    `<path d="${d(1)}" fill="none" stroke="${ink.shade}" stroke-opacity="0.5" stroke-width="4" transform="translate(0.8 1.3)"/>` +
    `<path d="${d(1)}" fill="none" stroke="${ink.ink}" stroke-width="3.4"/>` +
    `<path d="${d(0.7)}" fill="none" stroke="${ink.ink}" stroke-width="1.6" stroke-dasharray="3 2"/>` +
    `<path d="${d(0.42)}" fill="${ink.ink}"/>` +
    `<path d="${d(0.42)}" fill="none" stroke="${ink.hi}" stroke-opacity="0.6" stroke-width="1" transform="translate(-0.6 -0.8)"/>`
  );
}

function trouserHint(ctx: DrawCtx, top: number, bottom: number, half: number): string {
  const { p } = ctx;
  const out: string[] = [];
  for (const s of sides) {
    const leg = new PathB(s)
      .M(6, top)
      .L(half, top)
      .C(half - 4, top + 100, half - 14, bottom - 100, half - 18, bottom)
      .L(24, bottom + 2)
      .C(22, bottom - 100, 12, top + 100, 6, top)
      .Z()
      .toString();
    out.push(tube(leg, p, s < 0 ? mix(p.base, p.hi, 0.2) : p.base));
    out.push(
      fold(
        new PathB(s)
          .M(30, bottom - 60)
          .Q(80, bottom - 40, half - 20, bottom - 56)
          .toString(),
        10,
        1,
      ),
    );
    out.push(
      stitch(
        new PathB(s)
          .M(26, bottom - 10)
          .L(half - 20, bottom - 10)
          .toString(),
        p.line,
        { w: 1, dash: '3 3' },
      ),
    );
  }
  return out.join('');
}

export function drawKaftan(ctx: DrawCtx): Drawing {
  const { p } = ctx;
  const ink = embroideryInk(ctx);
  const t: TorsoSpec = {
    nw: 62,
    sw: 236,
    sy: 60,
    aw: 226,
    ay: 300,
    ww: 226,
    wy: 700,
    hw: 240,
    hy: 1180,
    tail: 0,
    neckY: 4,
    neckFront: 44,
  };
  const torso = torsoPath(t);
  const out: string[] = [];
  out.push(trouserHint(ctx, 1100, 1440, 150));
  out.push(panel(torso, p));
  out.push(
    folds(ctx, torso, [
      fold(`M-170 320C-150 600 -170 900 -190 1160`, 26, 0.9),
      fold(`M170 320C150 600 170 900 190 1160`, 26, 0.9),
      fold(`M-60 520C-70 700 -80 900 -90 1170`, 18, 0.6),
      fold(`M70 540C80 720 80 900 90 1170`, 18, 0.6),
    ]),
  );
  for (const s of sides) {
    out.push(
      seam(
        new PathB(s)
          .M(t.hw - 6, 1010)
          .L(t.hw - 2, t.hy - 2)
          .toString(),
        p,
        2.4,
        0.7,
      ),
    );
    out.push(
      stitch(
        new PathB(s)
          .M(t.hw - 18, 1000)
          .L(t.hw - 14, t.hy - 10)
          .toString(),
        p.line,
        { w: 1, dash: '3 3' },
      ),
    );
  }
  out.push(stitch(`M${-t.hw + 8} ${t.hy - 14}H${t.hw - 8}`, p.line, { w: 1.1, dash: '4 3' }));
  const sp: SleeveSpec = { cx: 330, cy: 860, cw: 70, bow: 16, cuffH: 0 };
  const sleeves = sides.map((s) => ({ s, g: sleeveGeo(t, s, sp) }));
  for (const { s, g } of sleeves) {
    out.push(sleeveShadow(ctx, torso, g, s));
    out.push(tube(g.d, p, s < 0 ? mix(p.base, p.hi, 0.3) : p.base));
    out.push(folds(ctx, g.d, sleeveFolds(g, s, t, 0.8)));
    out.push(seam(g.seamLine, p, 1.6, 0.4));
    out.push(sleeveRim(g, t, s, p));
  }
  out.push(tex(ctx, 'linen', [torso, ...sleeves.map((q) => q.g.d)]));
  for (const { g } of sleeves) {
    const [ox, oy] = g.outer;
    const [ix, iy] = g.inner;
    const ux = -g.axis[0] * 34;
    const uy = -g.axis[1] * 34;
    out.push(
      embroideryBand(
        [
          [ox + ux, oy + uy],
          [ox + ux + (ix - ox) * 0.33, oy + uy + (iy - oy) * 0.33],
          [ox + ux + (ix - ox) * 0.66, oy + uy + (iy - oy) * 0.66],
          [ix + ux, iy + uy],
        ],
        30,
        5,
        ink,
      ),
    );
  }
  const hole = `M-64 6C-62 -30 62 -30 64 6C46 40 -46 40 -64 6Z`;
  out.push(interior(hole, p));
  out.push(`<path d="M0 40V250" stroke="${p.lo2}" stroke-width="6" stroke-linecap="round"/>`);
  out.push(`<path d="M2 40V250" stroke="${p.hi}" stroke-width="1.5" stroke-opacity="0.5"/>`);
  out.push(
    embroideryBand(
      [
        [-82, 6],
        [-70, 78],
        [70, 78],
        [82, 6],
      ],
      30,
      9,
      ink,
    ),
  );
  for (const s of sides) {
    out.push(
      embroideryBand(
        [
          [s * 22, 72],
          [s * 24, 140],
          [s * 22, 200],
          [s * 18, 266],
        ],
        26,
        4,
        ink,
      ),
    );
    out.push(
      embroideryBand(
        [
          [s * 72, 72],
          [s * 112, 150],
          [s * 122, 260],
          [s * 92, 360],
        ],
        22,
        5,
        ink,
      ),
    );
  }
  out.push(medallion(0, 318, 40, ink));
  out.push(swirl(-52, 300, 16, ink) + swirl(52, 300, 16, ink, -1));
  return garment(
    out.join(''),
    [-410, -40, 410, 1440],
    { x: 0, y: 170, zoom: 2.4 },
    { x: 0, y: 420, zoom: 1.5, rotate: 0 },
  );
}

export function drawAgbada(ctx: DrawCtx): Drawing {
  const { p } = ctx;
  const ink = embroideryInk(ctx);
  const out: string[] = [];
  // the buba (inner kaftan) hem and sokoto (trousers) below the robe
  const innerP = makePalette(mix(p.base, p.isLight ? '#ffffff' : '#000000', 0.1));
  out.push(trouserHint({ ...ctx, p: innerP }, 1230, 1460, 150));
  out.push(panel(`M-250 1120H250L256 1270Q0 1280 -256 1270Z`, innerP));
  // the robe: shoulders broadened by the wide sleeves folded up onto them
  const right = new PathB(1)
    .M(60, 0)
    .C(120, 12, 220, 40, 300, 66)
    .C(360, 84, 420, 110, 452, 150)
    .C(480, 190, 490, 240, 486, 290)
    .C(502, 560, 522, 860, 540, 1160)
    .C(360, 1198, 180, 1212, 0, 1216)
    .toString();
  const left = new PathB(-1)
    .C(180, 1212, 360, 1198, 540, 1160)
    .C(522, 860, 502, 560, 486, 290)
    .C(490, 240, 480, 190, 452, 150)
    .C(420, 110, 360, 84, 300, 66)
    .C(220, 40, 120, 12, 60, 0)
    .toString();
  const robe = `${right}${left}C-40 26 40 26 60 0Z`;
  out.push(panel(robe, p));
  const fl: string[] = [];
  for (const s of sides) {
    fl.push(fold(new PathB(s).M(250, 230).C(270, 500, 290, 800, 300, 1200).toString(), 26, 1.1));
    fl.push(fold(new PathB(s).M(360, 270).C(390, 540, 420, 840, 440, 1180).toString(), 28, 1.2));
    fl.push(fold(new PathB(s).M(450, 300).C(470, 560, 490, 860, 505, 1160).toString(), 20, 1));
    fl.push(fold(new PathB(s).M(160, 420).C(170, 640, 180, 900, 186, 1206).toString(), 20, 0.8));
    fl.push(fold(new PathB(s).M(70, 700).C(74, 900, 76, 1050, 78, 1210).toString(), 16, 0.6));
  }
  out.push(folds(ctx, robe, fl));
  out.push(
    stitch(`M-532 1142C-360 1180 -180 1194 0 1198C180 1194 360 1180 532 1142`, p.line, {
      w: 1.2,
      dash: '4 3',
    }),
  );
  // embroidered bib: a tone-shifted field edged with bands, filled with spirals
  const bib = `M-140 22C-158 150 -120 310 0 440C120 310 158 150 140 22C100 40 -100 40 -140 22Z`;
  out.push(`<path d="${bib}" fill="${mix(p.base, ink.ink, 0.16)}"/><path d="${bib}" fill="url(#sheen)"/>`);
  for (const s of sides)
    out.push(
      embroideryBand(
        [
          [s * 140, 24],
          [s * 158, 150],
          [s * 120, 310],
          [0, 440],
        ],
        30,
        8,
        ink,
      ),
    );
  out.push(
    embroideryBand(
      [
        [-92, 4],
        [-84, 104],
        [84, 104],
        [92, 4],
      ],
      30,
      9,
      ink,
    ),
  );
  out.push(
    embroideryBand(
      [
        [0, 110],
        [0, 200],
        [0, 290],
        [0, 380],
      ],
      24,
      4,
      ink,
    ),
  );
  out.push(
    swirl(-74, 190, 32, ink, -1) +
      swirl(74, 190, 32, ink) +
      swirl(-50, 300, 22, ink) +
      swirl(50, 300, 22, ink, -1),
  );
  out.push(medallion(0, 470, 30, ink));
  const hole = `M-62 4C-60 -32 60 -32 62 4C44 30 -44 30 -62 4Z`;
  out.push(interior(hole, p));
  // the large chest pocket (wearer's left)
  const pocket = `M200 330H360Q372 330 372 344V540Q372 578 334 578H236Q200 578 200 540Z`;
  out.push(`<path d="${pocket}" fill="${mix(p.base, ink.ink, 0.1)}"/>`);
  out.push(
    embroideryBand(
      [
        [200, 336],
        [250, 332],
        [320, 332],
        [372, 336],
      ],
      22,
      5,
      ink,
    ),
  );
  out.push(`<path d="${pocket}" fill="none" stroke="${ink.ink}" stroke-width="3"/>`);
  out.push(swirl(286, 460, 46, ink) + swirl(236, 400, 18, ink, -1) + swirl(336, 530, 18, ink, -1));
  // wide sleeves folded up onto the shoulders
  for (const s of sides) {
    const sl = new PathB(s)
      .M(112, 20)
      .C(220, 40, 330, 72, 420, 112)
      .C(470, 142, 494, 204, 490, 296)
      .C(420, 304, 300, 256, 196, 206)
      .C(164, 152, 136, 82, 112, 20)
      .Z()
      .toString();
    out.push(softShadow(sl, 4, 14, 0.45));
    out.push(panel(sl, p, s < 0 ? mix(p.base, p.hi, 0.45) : mix(p.base, p.hi, 0.15)));
    out.push(
      folds(ctx, sl, [fold(new PathB(s).M(180, 60).C(280, 110, 380, 170, 460, 250).toString(), 16, 1.1)]),
    );
    out.push(
      embroideryBand(
        [
          [s * 484, 284],
          [s * 410, 292],
          [s * 300, 252],
          [s * 200, 202],
        ],
        26,
        6,
        ink,
      ),
    );
  }
  return garment(
    out.join(''),
    [-560, -40, 560, 1460],
    { x: 240, y: 420, zoom: 2.4 },
    { x: 0, y: 360, zoom: 1.5, rotate: 0 },
  );
}

// ------------------------------------------------------------------------ tie

export function drawTie(ctx: DrawCtx): Drawing {
  const { p } = ctx;
  const out: string[] = [];
  // the neckband loop (a tied tie lifted off the neck), back half first
  const loopBack = `M-104 -40C-104 -100 104 -100 104 -40`;
  const loopFront = `M-104 -40C-104 -6 -60 10 -30 14M104 -40C104 -6 60 10 30 14`;
  out.push(
    `<path d="${loopBack}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="26"/>`,
  );
  out.push(`<path d="${loopBack}" fill="none" stroke="${p.lo}" stroke-width="22"/>`);
  out.push(
    `<path d="${loopBack}" fill="none" stroke="${p.lo2}" stroke-width="8" stroke-opacity="0.6" transform="translate(0 6)"/>`,
  );
  out.push(
    `<path d="${loopFront}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="26"/>`,
  );
  out.push(`<path d="${loopFront}" fill="none" stroke="${p.base}" stroke-width="22"/>`);
  out.push(
    `<path d="${loopFront}" fill="none" stroke="${p.hi}" stroke-width="6" stroke-opacity="0.7" transform="translate(-2 -4)"/>`,
  );
  const blade = `M-34 96C-42 300 -68 700 -90 930L0 1010L90 930C68 700 42 300 34 96Z`;
  out.push(softShadow(blade, 6, 12, 0.3));
  out.push(`<path d="${blade}" fill="${p.base}"/>`);
  out.push(tex(ctx, 'tiepat', blade));
  out.push(`<path d="${blade}" fill="url(#cyl)"/>`);
  out.push(`<path d="${blade}" fill="url(#sheen)"/>`);
  out.push(
    `<path d="${blade}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="2"/>`,
  );
  out.push(
    folds(ctx, blade, [
      fold(`M0 120C0 300 2 600 0 990`, 10, 0.6),
      fold(`M-4 104C-6 150 -4 190 -2 240`, 9, 1.8),
    ]),
  );
  out.push(stitch(`M-82 924L0 996L82 924`, p.line, { w: 1, dash: '3 3' }));
  // four-in-hand knot with a diagonal wrap and the dimple under it
  const knot = `M-62 6C-30 -4 30 -4 62 6L38 104C18 114 -18 114 -38 104Z`;
  out.push(softShadow(knot, 4, 10, 0.45));
  out.push(`<path d="${knot}" fill="${p.base}"/>`);
  out.push(tex(ctx, 'tiepat', knot));
  out.push(`<path d="${knot}" fill="url(#form)"/>`);
  out.push(
    `<path d="${knot}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="2"/>`,
  );
  out.push(
    `<g clip-path="${clip(ctx, knot)}">${fold(`M-60 20C-20 40 10 70 40 100`, 12, 1.8, -1)}${fold(`M-30 4C-40 40 -40 70 -36 100`, 10, 1.2)}</g>`,
  );
  return garment(
    out.join(''),
    [-190, -120, 190, 1010],
    { x: 0, y: 110, zoom: 2.6 },
    { x: 0, y: 440, zoom: 1.02, rotate: -28 },
  );
}
