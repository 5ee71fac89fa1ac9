/**
 * Men's wear drawers, shown on an invisible ("ghost") mannequin: the inside back of
 * the neckline is visible, sleeves hang slightly away from the body.
 * Local coordinates: x = 0 is the centre front, y = 0 the base of the neck, y grows down.
 */
import { darken, lighten, makePalette, mix, type Palette } from './color.js';
import {
  button,
  buckle,
  clip,
  fold,
  metalButton,
  n,
  rivet,
  seam,
  shaded,
  softShadow,
  stitch,
  zipper,
  zipPull,
  type DrawCtx,
  type Drawing,
} from './svg-kit.js';
import { tex, type TextureName } from './textures.js';

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
    fold(`M${n(e1[0] - 40 * s)} ${n(e1[1] - 20)}Q${n(e1[0])} ${n(e1[1] + 12)} ${n(e1[0] + 44 * s)} ${n(e1[1] - 6)}`, 12, strength),
    fold(`M${n(e1[0] - 30 * s)} ${n(e1[1] + 40)}Q${n(e1[0] + 6 * s)} ${n(e1[1] + 60)} ${n(e1[0] + 40 * s)} ${n(e1[1] + 46)}`, 10, strength * 0.8),
    fold(`M${n(ix - 8 * s)} ${n(midY)}Q${n(ix + 10 * s)} ${n(iy - 120)} ${n(ix + 22 * s)} ${n(iy - 20)}`, 14, strength * 0.9),
  ];
}

// -------------------------------------------------------------------- shirt

const shirtTorso: TorsoSpec = {
  nw: 66,
  sw: 232,
  sy: 60,
  aw: 214,
  ay: 272,
  ww: 196,
  wy: 600,
  hw: 206,
  hy: 850,
  tail: 90,
  neckY: 6,
  neckFront: 60,
};

function shirtCollar(p: Palette, spread = 1): string {
  const out: string[] = [];
  // inside back of the neck + collar band seen from the front
  const hole = `M-70 4C-70 -40 70 -40 70 4C50 30 -50 30 -70 4Z`;
  out.push(interior(hole, p));
  const bandBack = `M-74 6C-76 -52 76 -52 74 6C70 -22 -70 -22 -74 6Z`;
  out.push(`<path d="${bandBack}" fill="${p.lo}"/><path d="${bandBack}" fill="url(#sheen)"/>`);
  // front of the collar band with its button
  const band = `M-40 16C-20 26 20 26 40 16L38 66C20 72 -20 72 -38 66Z`;
  out.push(panel(band, p));
  for (const s of sides) {
    const leaf = new PathB(s)
      .M(10, 62)
      .C(16, 34, 40, -6, 62, -36)
      .C(78, -44, 96, -30, 102, -6)
      .C(112, 30, 124 + 10 * spread, 80, 132 + 24 * spread, 132)
      .C(100, 118, 40, 84, 10, 62)
      .Z()
      .toString();
    out.push(softShadow(leaf, 5 * s, 10, 0.45));
    out.push(panel(leaf, p, s < 0 ? p.hi : p.base));
    out.push(
      stitch(
        new PathB(s).M(20, 64).C(60, 88, 104, 112, 122 + 20 * spread, 124).toString(),
        p.line,
        { w: 1.3, dash: '5 3.5' },
      ),
    );
    out.push(
      stitch(new PathB(s).M(94, -4).C(104, 30, 116, 76, 124 + 20 * spread, 118).toString(), p.line, {
        w: 1.3,
        dash: '5 3.5',
      }),
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
  const sleeveSpec: SleeveSpec = { cx: 300, cy: 790, cw: 52, bow: 20, cuffH: 78 };
  const sleeves = sides.map((s) => ({ s, g: sleeveGeo(t, s, sleeveSpec) }));
  out.push(panel(torso, p));
  out.push(tex(ctx, 'weave', torso));
  out.push(
    folds(ctx, torso, [
      fold(`M-150 300C-120 420 -110 520 -130 640`, 20, 1),
      fold(`M150 310C130 420 120 520 136 650`, 18, 1),
      fold(`M-190 640C-120 660 -60 668 -30 700`, 14, 0.8),
      fold(`M40 700C80 670 140 660 190 646`, 14, 0.8),
      fold(`M-60 160C-80 240 -90 300 -84 380`, 12, 0.6),
    ]),
  );
  // placket
  const plk = `M-19 60H19V${t.hy + t.tail - 4}H-19Z`;
  out.push(`<path d="${plk}" fill="#fff" fill-opacity="0.05"/>`);
  out.push(seam(`M-19 64V${t.hy + t.tail - 6}`, p, 1.6, 0.5) + seam(`M19 64V${t.hy + t.tail - 6}`, p, 1.6, 0.5));
  out.push(stitch(`M-13 70V${t.hy + t.tail - 10}`, p.line, { w: 1.1, dash: '4 3' }));
  // chest pocket (wearer's left)
  const pk = `M62 226H178V340L120 362L62 340Z`;
  out.push(softShadow(pk, 2, 4, 0.22));
  out.push(`<path d="${pk}" fill="${p.base}"/><path d="${pk}" fill="url(#sheen)"/>`);
  out.push(`<path d="${pk}" fill="none" stroke="${p.line}" stroke-opacity="0.45" stroke-width="1.6"/>`);
  out.push(stitch(`M64 246H176`, p.line, { w: 1.1, dash: '4 3' }));
  // side seams and front yoke line
  for (const s of sides) {
    out.push(seam(new PathB(s).M(t.aw - 2, t.ay + 10).C(t.ww, t.wy - 140, t.ww, t.wy + 120, t.hw - 2, t.hy - 4).toString(), p, 1.6, 0.35));
    out.push(seam(new PathB(s).M(t.nw + 4, t.neckY + 4).C(t.nw + 50, t.neckY + 10, t.sw - 60, t.sy - 10, t.sw - 4, t.sy).toString(), p, 1.6, 0.4));
  }
  // sleeves on top of the torso at the armhole
  for (const { s, g } of sleeves) {
    out.push(tube(g.d, p, s < 0 ? mix(p.base, p.hi, 0.3) : p.base));
    out.push(folds(ctx, g.d, sleeveFolds(g, s, t)));
    out.push(seam(g.seamLine, p, 1.6, 0.45));
    // sleeve placket above the cuff
    const [ox, oy] = g.outer;
    const [ix, iy] = g.inner;
    const mx = ox + (ix - ox) * 0.35;
    const my = oy + (iy - oy) * 0.35;
    out.push(seam(`M${n(mx)} ${n(my)}L${n(mx - g.axis[0] * 120)} ${n(my - g.axis[1] * 120)}`, p, 1.4, 0.4));
    out.push(fold(`M${n(ox + (ix - ox) * 0.62)} ${n(oy + (iy - oy) * 0.62)}l${n(-g.axis[0] * 60)} ${n(-g.axis[1] * 60)}`, 8, 0.9));
    out.push(softShadow(g.cuff, 0, 4, 0.25));
    out.push(panel(g.cuff, p));
    out.push(stitch(g.cuff, p.line, { w: 1, dash: '4 3' }));
    const bx = ox + (ix - ox) * 0.28 + g.axis[0] * 40;
    const by = oy + (iy - oy) * 0.28 + g.axis[1] * 40;
    out.push(button(bx, by, 8, shirtButtonColor(p), 4));
  }
  out.push(shirtCollar(p));
  // buttons
  out.push(button(0, 44, 7.5, shirtButtonColor(p), 4));
  for (let y = 150; y < t.hy + 40; y += 112) out.push(button(0, y, 9, shirtButtonColor(p), 4));
  return garment(out.join(''), [-360, -50, 360, t.hy + t.tail], { x: 10, y: 70, zoom: 2.9 });
}

// --------------------------------------------------------------- polo + tee

const teeTorso: TorsoSpec = {
  nw: 70,
  sw: 226,
  sy: 56,
  aw: 212,
  ay: 250,
  ww: 200,
  wy: 560,
  hw: 208,
  hy: 760,
  tail: 0,
  neckY: 6,
  neckFront: 62,
};

function shortSleeve(t: TorsoSpec, s: 1 | -1): { d: string; hem: string; band: string } {
  const b = new PathB(s)
    .M(t.sw - 8, t.sy - 4)
    .C(t.sw + 40, t.sy + 20, t.sw + 84, t.sy + 150, t.sw + 102, t.sy + 262)
    .C(t.sw + 60, t.sy + 290, t.sw + 10, t.sy + 300, t.aw + 14, t.ay + 80)
    .C(t.aw + 4, t.ay + 40, t.aw, t.ay + 20, t.aw - 4, t.ay + 4)
    .C(t.aw + 4, t.ay - 70, t.sw - 8, t.sy + 70, t.sw - 8, t.sy - 4)
    .Z();
  const hem = new PathB(s)
    .M(t.sw + 92, t.sy + 238)
    .C(t.sw + 54, t.sy + 264, t.sw + 8, t.sy + 274, t.aw + 16, t.ay + 58)
    .toString();
  const band = new PathB(s)
    .M(t.sw + 92, t.sy + 226)
    .C(t.sw + 54, t.sy + 254, t.sw + 8, t.sy + 264, t.aw + 16, t.ay + 48)
    .L(t.aw + 14, t.ay + 80)
    .C(t.sw + 10, t.sy + 300, t.sw + 60, t.sy + 290, t.sw + 102, t.sy + 262)
    .Z()
    .toString();
  return { d: b.toString(), hem, band };
}

function teeBody(ctx: DrawCtx, t: TorsoSpec, texture: TextureName, ribbedSleeves: boolean): { svg: string; torso: string } {
  const { p } = ctx;
  const torso = torsoPath(t);
  const out: string[] = [];
  out.push(panel(torso, p));
  out.push(tex(ctx, texture, torso));
  out.push(
    folds(ctx, torso, [
      fold(`M-160 270C-130 380 -130 470 -150 560`, 22, 1),
      fold(`M160 280C136 380 134 470 150 560`, 20, 1),
      fold(`M-180 600C-120 630 -70 650 -40 690`, 14, 0.7),
      fold(`M60 680C100 640 150 628 190 620`, 14, 0.7),
    ]),
  );
  out.push(stitch(`M${-t.hw + 6} ${t.hy - 24}H${t.hw - 6}`, p.line, { w: 1.2, dash: '4 3' }));
  out.push(stitch(`M${-t.hw + 6} ${t.hy - 30}H${t.hw - 6}`, p.line, { w: 1.2, dash: '4 3' }));
  for (const s of sides) {
    const sl = shortSleeve(t, s);
    out.push(tube(sl.d, p, s < 0 ? mix(p.base, p.hi, 0.3) : p.base));
    out.push(folds(ctx, sl.d, [fold(new PathB(s).M(t.sw - 10, t.sy + 90).Q(t.sw + 30, t.sy + 170, t.sw + 30, t.sy + 240).toString(), 14, 0.9)]));
    out.push(seam(new PathB(s).M(t.aw - 4, t.ay + 4).C(t.aw + 4, t.ay - 70, t.sw - 8, t.sy + 70, t.sw - 8, t.sy - 4).toString(), p, 1.6, 0.4));
    if (ribbedSleeves) {
      out.push(`<path d="${sl.band}" fill="${p.base}"/>` + tex(ctx, 'rib', sl.band));
      out.push(`<path d="${sl.band}" fill="url(#sheen)"/>`);
      out.push(seam(sl.hem, p, 1.4, 0.5));
    } else {
      out.push(stitch(sl.hem, p.line, { w: 1.2, dash: '4 3' }));
    }
  }
  return { svg: out.join(''), torso };
}

export function drawTshirt(ctx: DrawCtx): Drawing {
  const { p } = ctx;
  const t = teeTorso;
  const body = teeBody(ctx, t, 'jersey', false);
  const out: string[] = [body.svg];
  // neckline: inside back + rib band
  const hole = `M-72 8C-70 -26 70 -26 72 8C50 56 -50 56 -72 8Z`;
  out.push(interior(hole, p));
  const backRib = `M-72 8C-70 -26 70 -26 72 8C68 -8 -68 -8 -72 8Z`;
  out.push(`<path d="${backRib}" fill="${p.lo}"/>`);
  const ribD = `M-76 4C-60 78 60 78 76 4`;
  out.push(`<path d="${ribD}" fill="none" stroke="${p.lo}" stroke-width="26"/>`);
  out.push(`<path d="${ribD}" fill="none" stroke="${p.base}" stroke-width="22"/>`);
  out.push(`<path d="${ribD}" fill="none" stroke="${p.hi}" stroke-width="7" stroke-opacity="0.45" transform="translate(-1 -5)"/>`);
  out.push(`<path d="${ribD}" fill="none" stroke="${p.line}" stroke-width="22" stroke-opacity="0.22" stroke-dasharray="1.6 3.4"/>`);
  out.push(stitch(`M-88 12C-70 96 70 96 88 12`, p.line, { w: 1.1, dash: '4 3' }));
  return garment(out.join(''), [-340, -30, 340, t.hy], { x: -10, y: 40, zoom: 2.8 });
}

export function drawPolo(ctx: DrawCtx): Drawing {
  const { p } = ctx;
  const t: TorsoSpec = { ...teeTorso, hy: 770, tail: 18 };
  const body = teeBody(ctx, t, 'pique', true);
  const out: string[] = [body.svg];
  // side vents
  for (const s of sides) {
    out.push(seam(new PathB(s).M(t.hw - 4, t.hy - 70).L(t.hw - 2, t.hy - 2).toString(), p, 1.8, 0.5));
  }
  const hole = `M-66 8C-64 -28 64 -28 66 8C50 30 -50 30 -66 8Z`;
  out.push(interior(hole, p));
  // placket
  const plk = `M-26 30H26V236Q0 248 -26 236Z`;
  out.push(softShadow(plk, 2, 3, 0.25));
  out.push(panel(plk, p));
  out.push(stitch(`M-20 40V230Q0 240 20 230V40`, p.line, { w: 1.1, dash: '4 3' }));
  out.push(seam(`M0 34V238`, p, 1.4, 0.35));
  // flat knit collar
  const bandBack = `M-72 8C-74 -46 74 -46 72 8C66 -18 -66 -18 -72 8Z`;
  out.push(`<path d="${bandBack}" fill="${p.lo}"/>` + tex(ctx, 'rib', bandBack));
  for (const s of sides) {
    const leaf = new PathB(s)
      .M(6, 40)
      .C(14, 10, 44, -22, 66, -38)
      .C(82, -44, 98, -30, 104, -4)
      .C(116, 34, 128, 74, 140, 116)
      .C(110, 112, 50, 80, 6, 40)
      .Z()
      .toString();
    out.push(softShadow(leaf, 5 * s, 9, 0.4));
    out.push(panel(leaf, p, s < 0 ? p.hi : p.base));
    out.push(tex(ctx, 'rib', leaf));
    out.push(stitch(new PathB(s).M(14, 46).C(54, 80, 104, 104, 132, 110).toString(), p.line, { w: 1.1, dash: '4 3' }));
  }
  const bc = p.isLight ? '#efe9dd' : mix(p.base, '#f4f1ea', 0.25);
  for (const y of [72, 142, 208]) out.push(button(0, y, 9, bc, 2));
  return garment(out.join(''), [-340, -40, 340, t.hy + t.tail], { x: 0, y: 90, zoom: 2.7 });
}

// ------------------------------------------------------------------ knitwear

export function drawKnitwear(ctx: DrawCtx): Drawing {
  const { p, rng } = ctx;
  const cable = rng() < 0.6;
  const t: TorsoSpec = { nw: 76, sw: 236, sy: 64, aw: 222, ay: 280, ww: 214, wy: 600, hw: 196, hy: 800, tail: 0, neckY: 8, neckFront: 60 };
  const torso = torsoPath(t);
  const out: string[] = [];
  const sp: SleeveSpec = { cx: 306, cy: 760, cw: 56, bow: 26, cuffH: 84 };
  out.push(panel(torso, p));
  out.push(tex(ctx, cable ? 'cable' : 'knit', torso));
  out.push(`<path d="${torso}" fill="url(#form)"/>`);
  out.push(folds(ctx, torso, [fold(`M-170 300C-140 420 -150 520 -170 640`, 24, 1), fold(`M170 300C140 420 150 520 170 640`, 22, 1)]));
  // hem rib
  const hem = `M${-t.hw} ${t.hy - 86}C-100 ${t.hy - 80} 100 ${t.hy - 80} ${t.hw} ${t.hy - 86}L${t.hw - 4} ${t.hy}C100 ${t.hy + 6} -100 ${t.hy + 6} ${-t.hw + 4} ${t.hy}Z`;
  out.push(softShadow(`M${-t.hw} ${t.hy - 86}C-100 ${t.hy - 80} 100 ${t.hy - 80} ${t.hw} ${t.hy - 86}L${t.hw} ${t.hy - 70}L${-t.hw} ${t.hy - 70}Z`, 0, 6, 0.25));
  out.push(`<path d="${hem}" fill="${p.base}"/>` + tex(ctx, 'rib', hem) + `<path d="${hem}" fill="url(#form)"/>`);
  out.push(`<path d="${hem}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="2"/>`);
  for (const s of sides) {
    const g = sleeveGeo(t, s, sp);
    out.push(tube(g.d, p, s < 0 ? mix(p.base, p.hi, 0.3) : p.base));
    out.push(tex(ctx, 'knit', g.d));
    out.push(folds(ctx, g.d, sleeveFolds(g, s, t, 1.2)));
    out.push(seam(g.seamLine, p, 2, 0.45));
    out.push(softShadow(g.cuff, 0, 5, 0.25));
    out.push(`<path d="${g.cuff}" fill="${p.base}"/>` + tex(ctx, 'rib', g.cuff) + `<path d="${g.cuff}" fill="url(#cyl)"/>`);
    out.push(`<path d="${g.cuff}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="2"/>`);
  }
  // crew neck rib
  const hole = `M-72 8C-70 -30 70 -30 72 8C50 48 -50 48 -72 8Z`;
  out.push(interior(hole, p));
  const neck = `M-96 2C-92 -44 92 -44 96 2C80 92 -80 92 -96 2ZM-70 10C-48 50 48 50 70 10C66 -22 -66 -22 -70 10Z`;
  out.push(`<path d="${neck}" fill="${p.base}" fill-rule="evenodd"/>`);
  out.push(`<g clip-path="${clip(ctx, neck)}">${tex(ctx, 'rib', 'M-100 -50H100V100H-100Z')}</g>`);
  out.push(`<path d="${neck}" fill="url(#form)" fill-rule="evenodd"/>`);
  out.push(`<path d="${neck}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="2"/>`);
  return garment(out.join(''), [-370, -45, 370, t.hy], { x: cable ? 30 : 0, y: 90, zoom: 2.5 });
}

// ---------------------------------------------------------------- jacket (bomber)

export function drawJacket(ctx: DrawCtx): Drawing {
  const { p, m } = ctx;
  const t: TorsoSpec = { nw: 74, sw: 246, sy: 70, aw: 232, ay: 290, ww: 232, wy: 560, hw: 214, hy: 720, tail: 0, neckY: 4, neckFront: 40 };
  const torso = torsoPath(t);
  const rib = mix(p.base, p.isDark ? '#3a3a3a' : '#1c1c1c', 0.35);
  const ribP = makePalette(rib);
  const out: string[] = [];
  const sp: SleeveSpec = { cx: 326, cy: 740, cw: 64, bow: 34, cuffH: 80 };
  out.push(panel(torso, p));
  out.push(tex(ctx, 'satin', torso));
  // blouson puff above the hem rib
  out.push(
    folds(ctx, torso, [
      fold(`M-200 640C-120 610 -60 626 -20 660`, 18, 1.3),
      fold(`M30 660C70 620 140 612 204 640`, 18, 1.3),
      fold(`M-180 330C-150 430 -150 520 -170 600`, 22, 1),
      fold(`M180 330C150 430 150 520 170 600`, 22, 1),
    ]),
  );
  // hem rib band
  const hem = `M${-t.hw + 4} ${t.hy - 6}H${t.hw - 4}L${t.hw - 18} ${t.hy + 74}H${-t.hw + 18}Z`;
  out.push(softShadow(`M${-t.hw} ${t.hy - 20}H${t.hw}V${t.hy}H${-t.hw}Z`, 0, 8, 0.3));
  out.push(`<path d="${hem}" fill="${rib}"/>` + tex(ctx, 'rib', hem) + `<path d="${hem}" fill="url(#sheen)"/>`);
  out.push(`<path d="${hem}" fill="none" stroke="${ribP.outline}" stroke-opacity="0.4" stroke-width="2"/>`);
  // welt pockets
  for (const s of sides) {
    const w = new PathB(s).M(70, 470).L(150, 380).L(166, 392).L(86, 482).Z().toString();
    out.push(`<path d="${w}" fill="${p.lo}"/><path d="${w}" fill="none" stroke="${p.line}" stroke-opacity="0.6" stroke-width="2"/>`);
    out.push(seam(new PathB(s).M(78, 476).L(158, 386).toString(), p, 2, 0.7));
  }
  // sleeves
  for (const s of sides) {
    const g = sleeveGeo(t, s, sp);
    out.push(panel(g.d, p, s < 0 ? mix(p.base, p.hi, 0.25) : p.base));
    out.push(`<path d="${g.d}" fill="url(#cyl)"/>`);
    out.push(
      folds(ctx, g.d, [
        ...sleeveFolds(g, s, t, 1.3),
        fold(`M${n(g.outer[0] + 6 * s)} ${n(g.outer[1] - 40)}Q${n((g.outer[0] + g.inner[0]) / 2)} ${n(g.outer[1] - 10)} ${n(g.inner[0] - 4 * s)} ${n(g.inner[1] - 30)}`, 14, 1.3),
      ]),
    );
    out.push(seam(g.seamLine, p, 2, 0.5));
    out.push(softShadow(g.cuff, 0, 6, 0.3));
    out.push(`<path d="${g.cuff}" fill="${rib}"/>` + tex(ctx, 'rib', g.cuff) + `<path d="${g.cuff}" fill="url(#cyl)"/>`);
    if (s > 0) {
      // utility sleeve pocket with zip
      const px0 = t.sw + 18;
      const pk = `M${px0} 190L${px0 + 62} 178L${px0 + 76} 300L${px0 + 12} 312Z`;
      out.push(softShadow(pk, 3, 5, 0.3));
      out.push(panel(pk, p));
      out.push(zipper(`M${px0 + 8} 204L${px0 + 64} 194`, m, p.lo, 0.6));
      out.push(zipPull(px0 + 16, 204, 0.75, 10));
      out.push(stitch(`M${px0 + 6} 214L${px0 + 16} 300L${px0 + 70} 290L${px0 + 60} 182`, p.line, { w: 1.2, dash: '4 3' }));
    }
  }
  // zip and rib collar
  out.push(`<path d="M0 30V${t.hy + 70}" stroke="${p.lo2}" stroke-width="22"/>`);
  out.push(zipper(`M0 34V${t.hy + 70}`, m, p.lo, 0.9));
  out.push(zipPull(0, 120, 1.3, 4));
  const collarBack = `M-86 4C-84 -64 84 -64 86 4C70 -20 -70 -20 -86 4Z`;
  out.push(`<path d="${collarBack}" fill="${darken(rib, 0.3)}"/>`);
  const collar = `M-92 6C-94 -58 94 -58 92 6L86 44C60 16 20 26 0 40C-20 26 -60 16 -86 44Z`;
  const hole = `M-78 4C-74 -44 74 -44 78 4C50 26 -50 26 -78 4Z`;
  out.push(interior(hole, p));
  const frontCollar = `M-96 0C-96 34 -40 46 -6 44V86C-44 86 -92 64 -104 20ZM96 0C96 34 40 46 6 44V86C44 86 92 64 104 20Z`;
  out.push(softShadow(frontCollar, 0, 6, 0.35));
  out.push(`<path d="${frontCollar}" fill="${rib}"/>` + tex(ctx, 'rib', frontCollar) + `<path d="${frontCollar}" fill="url(#sheen)"/>`);
  out.push(`<path d="${frontCollar}" fill="none" stroke="${ribP.outline}" stroke-opacity="0.45" stroke-width="2"/>`);
  void collar;
  return garment(out.join(''), [-400, -50, 400, t.hy + 74], { x: 20, y: 110, zoom: 2.6 });
}

// --------------------------------------------------------- tailoring (blazer/suit)

interface TailorOpts {
  /** What shows inside the V: jacket lining, or shirt + tie (suit). */
  inner: 'lining' | 'shirtTie';
  pocketSquare: boolean;
}

const jacketTorso: TorsoSpec = {
  nw: 70,
  sw: 246,
  sy: 46,
  aw: 226,
  ay: 282,
  ww: 204,
  wy: 520,
  hw: 226,
  hy: 760,
  tail: 0,
  neckY: 0,
  neckFront: 30,
};

function tailoredJacket(ctx: DrawCtx, o: TailorOpts): string {
  const { p } = ctx;
  const t = jacketTorso;
  const breakY = 430;
  const out: string[] = [];
  const lining = mix(darken(p.base, 0.55), ctx.accent, 0.35);
  // back of the jacket interior (visible in the V and at the cut-away hem)
  const back = `M-70 -6C-70 -44 70 -44 70 -6L120 ${t.hy - 10}H-120Z`;
  out.push(`<path d="${back}" fill="${lining}"/><path d="${back}" fill="url(#drop)"/>`);
  // torso with the front cut-away below the button
  const torsoBase = torsoPath(t);
  const gap = `M0 560C8 640 40 700 96 ${t.hy + 6}H-96C-40 700 -8 640 0 560Z`;
  const sp: SleeveSpec = { cx: 316, cy: 748, cw: 60, bow: 22, cuffH: 0 };
  out.push(`<g clip-path="${clip(ctx, `M-600 -200H600V1200H-600Z${gap}`)}">`);
  out.push(panel(torsoBase, p));
  out.push(tex(ctx, 'twill', torsoBase));
  out.push(`</g>`);
  out.push(`<path d="${gap}" fill="${lining}"/><path d="${gap}" fill="#000" fill-opacity="0.25"/>`);
  // V opening
  const vee = `M-70 -2C-60 120 -20 320 0 ${breakY + 6}C20 320 60 120 70 -2C40 20 -40 20 -70 -2Z`;
  if (o.inner === 'lining') {
    out.push(`<path d="${vee}" fill="${lining}"/><path d="${vee}" fill="url(#drop)"/>`);
    out.push(seam(`M-30 40C-20 180 -10 300 -2 ${breakY}`, makePalette(lining), 2, 0.5));
  } else {
    const shirt = ctx.accent === '#f4efe4' || makePalette(ctx.accent).lum > 0.5 ? '#f5f3ee' : '#dfe8f2';
    const sP = makePalette(shirt);
    out.push(`<path d="${vee}" fill="${shirt}"/><path d="${vee}" fill="url(#form)"/>`);
    out.push(seam(`M10 60V${breakY}`, sP, 1.4, 0.5));
    for (const y of [120, 220, 320]) out.push(button(12, y, 6, '#f0ece4', 4));
    // shirt collar
    for (const s of sides) {
      const leaf = new PathB(s).M(4, 58).C(18, 30, 46, -6, 64, -28).L(92, -2).C(80, 40, 66, 70, 56, 104).C(40, 90, 20, 76, 4, 58).Z().toString();
      out.push(softShadow(leaf, 3 * s, 6, 0.35) + panel(leaf, sP));
    }
    // tie
    const tieC = ctx.accent === '#f4efe4' ? '#7a2430' : ctx.accent;
    const tP = makePalette(tieC);
    const knot = `M-24 40H24L16 92H-16Z`;
    const blade = `M-16 92H16L40 ${breakY + 40}H-40Z`;
    out.push(softShadow(blade, 3, 6, 0.35));
    out.push(panel(blade, tP) + tex({ ...ctx, p: tP }, 'tiepat', blade));
    out.push(panel(knot, tP, tP.hi) + fold(`M-2 60L0 100`, 6, 1.2));
  }
  // buttons + front edge shadow
  out.push(`<path d="M2 ${breakY}C6 480 4 530 2 560C10 640 42 700 96 ${t.hy + 4}" fill="none" stroke="#000" stroke-opacity="0.28" stroke-width="4" transform="translate(3 2)"/>`);
  out.push(`<path d="M2 ${breakY}C6 480 4 530 2 560C10 640 42 700 96 ${t.hy + 4}" fill="none" stroke="${p.line}" stroke-opacity="0.7" stroke-width="2"/>`);
  out.push(folds(ctx, torsoBase, [fold(`M-10 ${breakY + 40}L-120 ${breakY + 20}`, 10, 1), fold(`M14 ${breakY + 40}L130 ${breakY + 10}`, 10, 1), fold(`M-150 300C-160 380 -150 440 -130 500`, 18, 0.8), fold(`M150 300C160 380 150 440 130 500`, 18, 0.8)]));
  const btn = p.isDark ? lighten(p.base, 0.18) : darken(p.base, 0.45);
  out.push(button(8, breakY + 50, 13, btn, 4) + button(8, breakY + 160, 13, btn, 4));
  // darts
  for (const s of sides) out.push(seam(new PathB(s).M(110, 330).C(116, 420, 116, 520, 112, 580).toString(), p, 1.4, 0.35));
  // flap pockets
  for (const s of sides) {
    const flap = new PathB(s).M(74, 590).L(214, 582).L(216, 636).Q(146, 644, 76, 644).Z().toString();
    out.push(softShadow(flap, 2 * s, 6, 0.35));
    out.push(panel(flap, p));
    out.push(stitch(new PathB(s).M(82, 598).L(208, 590).toString(), p.line, { w: 1, dash: '3 3' }));
  }
  // chest welt pocket (wearer's left) with pocket square
  if (o.pocketSquare) {
    const sq = ctx.accent;
    const sqP = makePalette(sq);
    const puff = `M124 266C130 226 150 214 164 232C172 212 196 214 200 252L206 262H124Z`;
    out.push(softShadow(puff, 2, 4, 0.3) + panel(puff, sqP));
    out.push(fold(`M150 262L160 232`, 4, 1.4) + fold(`M180 262L186 236`, 4, 1.2));
  }
  const welt = `M116 258L210 250L212 272L118 280Z`;
  out.push(softShadow(welt, 1, 3, 0.3) + panel(welt, p, p.hi));
  // sleeves with cuff buttons
  for (const s of sides) {
    const g = sleeveGeo(t, s, sp);
    out.push(tube(g.d, p, s < 0 ? mix(p.base, p.hi, 0.25) : p.base));
    out.push(tex(ctx, 'twill', g.d));
    out.push(folds(ctx, g.d, sleeveFolds(g, s, t, 0.8)));
    out.push(seam(g.seamLine, p, 2, 0.55));
    const [ox, oy] = g.outer;
    const [ix, iy] = g.inner;
    for (let k = 0; k < 4; k++) {
      const f = 0.28;
      const bx = ix + (ox - ix) * f - g.axis[0] * (40 + k * 22);
      const by = iy + (oy - iy) * f - g.axis[1] * (40 + k * 22);
      out.push(button(bx, by, 6.5, btn, 4));
    }
    out.push(stitch(`M${n(ox - g.axis[0] * 10)} ${n(oy - g.axis[1] * 10)}L${n(ix - g.axis[0] * 10)} ${n(iy - g.axis[1] * 10)}`, p.line, { w: 1, dash: '3 3' }));
  }
  // lapels and collar
  for (const s of sides) {
    const collar = new PathB(s).M(52, -40).C(88, -38, 118, -14, 136, 40).L(166, 148).L(140, 154).L(78, 40).C(70, 10, 62, -10, 40, -24).Z().toString();
    out.push(softShadow(collar, 3 * s, 6, 0.35));
    out.push(panel(collar, p, s < 0 ? p.hi : p.base));
    const lapel = new PathB(s).M(66, 6).L(140, 152).L(196, 196).C(170, 280, 90, 380, 2, breakY + 6).C(20, 320, 50, 140, 66, 6).Z().toString();
    out.push(softShadow(lapel, 6 * s, 10, 0.45));
    out.push(panel(lapel, p, s < 0 ? mix(p.base, p.hi, 0.5) : p.base));
    out.push(folds(ctx, lapel, [fold(new PathB(s).M(70, 30).C(52, 160, 24, 320, 4, breakY).toString(), 8, 1.4, s < 0 ? 1 : -1)]));
    out.push(stitch(new PathB(s).M(144, 162).L(184, 196).C(160, 272, 86, 372, 10, breakY - 4).toString(), p.line, { w: 1, dash: '3 3' }));
    if (s > 0) out.push(`<path d="M150 216l10 -6" stroke="${p.lo2}" stroke-width="4" stroke-linecap="round"/>`);
  }
  return out.join('');
}

export function drawBlazer(ctx: DrawCtx): Drawing {
  const svg = tailoredJacket(ctx, { inner: 'lining', pocketSquare: true });
  return garment(svg, [-380, -50, 380, jacketTorso.hy + 10], { x: 120, y: 220, zoom: 2.6 });
}

export function drawSuit(ctx: DrawCtx): Drawing {
  const { p } = ctx;
  const out: string[] = [];
  // trousers under the jacket
  for (const s of sides) {
    const leg = new PathB(s).M(4, 700).L(206, 700).C(204, 1000, 190, 1300, 184, 1560).L(40, 1566).C(36, 1300, 24, 1000, 4, 900).Z().toString();
    out.push(tube(leg, p, s < 0 ? mix(p.base, p.hi, 0.2) : p.base));
    out.push(tex(ctx, 'twill', leg));
    out.push(seam(new PathB(s).M(112, 760).C(112, 1100, 112, 1350, 112, 1560).toString(), { ...p, line: p.hi }, 2, 0.4));
    out.push(fold(new PathB(s).M(60, 1480).Q(110, 1460, 170, 1490).toString(), 10, 1));
  }
  out.push(tailoredJacket(ctx, { inner: 'shirtTie', pocketSquare: true }));
  return garment(out.join(''), [-380, -50, 380, 1566], { x: 0, y: 150, zoom: 3 }, { x: 0, y: 380, zoom: 1.9, rotate: 0 });
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

function trouserShapes(l: LegSpec): { legs: string[]; waistband: string } {
  const legs = sides.map((s) =>
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
  const waistband = `M${-l.waistW - 4} 0H${l.waistW + 4}L${l.waistW + 2} 60H${-l.waistW - 2}Z`;
  return { legs, waistband };
}

export function drawTrousers(ctx: DrawCtx): Drawing {
  const { p } = ctx;
  const l: LegSpec = { waistW: 212, hipW: 228, hemW: 160, length: 1080, crotchY: 330, gap: 12 };
  const { legs, waistband } = trouserShapes(l);
  const out: string[] = [];
  const inside = `M-200 4C-120 -30 120 -30 200 4V30H-200Z`;
  out.push(interior(inside, p));
  legs.forEach((leg, i) => {
    const s = sides[i] ?? 1;
    out.push(tube(leg, p, s < 0 ? mix(p.base, p.hi, 0.25) : p.base));
    out.push(tex(ctx, 'twill', leg));
    // pressed crease with highlight
    const cx = (l.hipW + l.gap) / 2 + 10;
    out.push(`<path d="${new PathB(s).M(cx + 10, 70).C(cx + 6, 400, cx - 2, 800, cx - 8, l.length).toString()}" fill="none" stroke="${p.hi2}" stroke-opacity="0.4" stroke-width="3" transform="translate(-2 0)"/>`);
    out.push(seam(new PathB(s).M(cx + 12, 70).C(cx + 8, 400, cx, 800, cx - 6, l.length).toString(), p, 1.6, 0.45));
    out.push(folds(ctx, leg, [
      fold(new PathB(s).M(l.gap + 10, l.crotchY + 20).Q(90, 380, 170, 330).toString(), 14, 0.9),
      fold(new PathB(s).M(l.gap + 20, l.length - 90).Q(100, l.length - 60, l.hemW + 20, l.length - 80).toString(), 12, 1),
      fold(new PathB(s).M(l.gap + 20, l.length - 180).Q(90, l.length - 150, 140, l.length - 170).toString(), 10, 0.7),
    ]));
    // slant pocket
    out.push(seam(new PathB(s).M(l.waistW - 64, 62).C(l.waistW - 40, 140, l.hipW - 10, 200, l.hipW + 2, 230).toString(), p, 2, 0.6));
    out.push(stitch(new PathB(s).M(l.waistW - 54, 64).C(l.waistW - 30, 136, l.hipW - 16, 190, l.hipW - 4, 214).toString(), p.line, { w: 1, dash: '3 3' }));
    out.push(stitch(new PathB(s).M(l.gap + 6, l.length - 16).L(l.hemW + l.gap + 14, l.length - 14).toString(), p.line, { w: 1, dash: '3 3' }));
  });
  // fly
  out.push(seam(`M-4 60V${l.crotchY - 20}`, p, 1.8, 0.55));
  out.push(stitch(`M-4 70H-40V${l.crotchY - 60}Q-40 ${l.crotchY - 30} -8 ${l.crotchY - 24}`, p.line, { w: 1.1, dash: '4 3' }));
  out.push(softShadow(waistband, 0, 6, 0.3) + panel(waistband, p, p.hi));
  out.push(stitch(`M${-l.waistW} 8H${l.waistW}M${-l.waistW} 52H${l.waistW}`, p.line, { w: 1, dash: '3 3' }));
  // belt loops
  for (const x of [-200, -110, 110, 200]) {
    const loop = `M${x - 9} -6H${x + 9}V66H${x - 9}Z`;
    out.push(softShadow(loop, 2, 3, 0.3) + panel(loop, p));
  }
  // extended tab with button
  const tab = `M-20 4H50Q58 4 58 14V46Q58 56 48 56H-20Z`;
  out.push(panel(tab, p, p.hi));
  out.push(button(30, 30, 9, darken(p.base, 0.35), 4));
  return garment(out.join(''), [-260, -30, 260, l.length + 4], { x: 20, y: 90, zoom: 2.6 }, { x: 0, y: 320, zoom: 1.55, rotate: 0 });
}

export function drawJeans(ctx: DrawCtx): Drawing {
  const { p, m } = ctx;
  const amber = '#d9953a';
  const l: LegSpec = { waistW: 214, hipW: 232, hemW: 150, length: 1080, crotchY: 320, gap: 10 };
  const { legs, waistband } = trouserShapes(l);
  const copper: typeof m = { light: '#f4c9a0', mid: '#c07a45', dark: '#7a4421', deep: '#4a2812' };
  const out: string[] = [];
  const inside = `M-200 4C-120 -30 120 -30 200 4V30H-200Z`;
  out.push(interior(inside, p));
  legs.forEach((leg, i) => {
    const s = sides[i] ?? 1;
    out.push(tube(leg, p, s < 0 ? mix(p.base, p.hi, 0.2) : p.base));
    out.push(tex(ctx, 'denim', leg));
    // wash: faded thighs and knees
    out.push(
      `<g clip-path="${clip(ctx, leg)}">` +
        `<ellipse cx="${n(s * 120)}" cy="330" rx="80" ry="180" fill="#fff" fill-opacity="0.07"/>` +
        `<ellipse cx="${n(s * 120)}" cy="330" rx="50" ry="120" fill="#fff" fill-opacity="0.06"/>` +
        `<ellipse cx="${n(s * 106)}" cy="660" rx="56" ry="90" fill="#fff" fill-opacity="0.06"/>` +
        `</g>`,
    );
    // whiskers
    const wh: string[] = [];
    for (let k = 0; k < 5; k++) {
      wh.push(new PathB(s).M(20 + k * 6, 250 + k * 26).Q(80, 240 + k * 30, 150 - k * 8, 210 + k * 22).toString());
    }
    out.push(wh.map((d) => `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="0.16" stroke-width="4" stroke-linecap="round"/>`).join(''));
    out.push(folds(ctx, leg, [
      fold(new PathB(s).M(l.gap + 20, l.length - 100).Q(100, l.length - 60, l.hemW + 20, l.length - 90).toString(), 12, 1.2),
      fold(new PathB(s).M(l.gap + 20, l.length - 200).Q(90, l.length - 160, 150, l.length - 190).toString(), 12, 1),
      fold(new PathB(s).M(30, 700).Q(100, 680, 170, 700).toString(), 10, 0.8),
    ]));
    // outseam with double amber stitching
    out.push(stitch(new PathB(s).M(l.hipW - 8, 420).C(l.hipW - 18, 700, l.hemW + 30 + l.gap, 1000, l.hemW + l.gap + 10, l.length - 10).toString(), amber, { w: 1.6, dash: '5 3' }));
    // scoop pocket
    const pocket = new PathB(s).M(l.waistW - 110, 62).C(l.waistW - 90, 170, l.hipW - 50, 200, l.hipW + 2, 206).toString();
    out.push(seam(pocket, p, 2, 0.7));
    out.push(stitch(new PathB(s).M(l.waistW - 98, 64).C(l.waistW - 80, 160, l.hipW - 48, 188, l.hipW - 2, 192).toString(), amber, { w: 1.5, dash: '5 3' }));
    out.push(stitch(new PathB(s).M(l.waistW - 90, 64).C(l.waistW - 72, 150, l.hipW - 46, 178, l.hipW - 2, 182).toString(), amber, { w: 1.5, dash: '5 3' }));
    out.push(stitch(new PathB(s).M(l.gap + 6, l.length - 18).L(l.hemW + l.gap + 14, l.length - 16).toString(), amber, { w: 1.5, dash: '5 3' }));
    out.push(stitch(new PathB(s).M(l.gap + 6, l.length - 28).L(l.hemW + l.gap + 14, l.length - 26).toString(), amber, { w: 1.5, dash: '5 3' }));
  });
  // coin pocket (wearer's right = viewer's left)
  const coin = `M-196 66H-128L-124 150H-192Z`;
  out.push(stitch(`M-190 78H-132`, amber, { w: 1.5, dash: '5 3' }) + stitch(`M-192 70L-188 146M-130 70L-127 146`, amber, { w: 1.4, dash: '5 3' }));
  out.push(`<path d="${coin}" fill="none" stroke="${p.line}" stroke-opacity="0.5" stroke-width="1.6"/>`);
  // fly with J-stitch
  out.push(seam(`M-2 60V${l.crotchY - 20}`, p, 2, 0.6));
  out.push(stitch(`M-4 68H-44V${l.crotchY - 70}Q-44 ${l.crotchY - 30} -8 ${l.crotchY - 20}`, amber, { w: 1.6, dash: '5 3' }));
  out.push(stitch(`M-4 68H-54V${l.crotchY - 70}Q-54 ${l.crotchY - 22} -8 ${l.crotchY - 10}`, amber, { w: 1.6, dash: '5 3' }));
  out.push(softShadow(waistband, 0, 6, 0.3) + panel(waistband, p, p.hi) + tex(ctx, 'denim', waistband));
  out.push(stitch(`M${-l.waistW} 8H${l.waistW}M${-l.waistW} 52H${l.waistW}`, amber, { w: 1.5, dash: '5 3' }));
  for (const x of [-206, -120, 0, 120, 206]) {
    if (x === 0) continue;
    const loop = `M${x - 10} -8H${x + 10}V68H${x - 10}Z`;
    out.push(softShadow(loop, 2, 3, 0.3) + panel(loop, p));
    out.push(stitch(`M${x - 5} -2V62M${x + 5} -2V62`, amber, { w: 1.2, dash: '4 3' }));
  }
  // hardware: shank button + copper rivets
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
  return garment(out.join(''), [-260, -30, 260, l.length + 4], { x: -130, y: 110, zoom: 2.6 }, { x: 0, y: 300, zoom: 1.55, rotate: 0 });
}

// ---------------------------------------------------------------- kaftan / agbada

/** Embroidery colour: gold thread or tone-on-tone depending on the seed. */
function embroideryInk(ctx: DrawCtx): { ink: string; hi: string; gold: boolean } {
  const gold = ctx.rng() < 0.55;
  if (gold) return { ink: ctx.m === undefined ? '#d6b062' : ctx.m.mid, hi: ctx.m.light, gold };
  const p = ctx.p;
  const ink = p.isLight ? darken(p.base, 0.22) : p.isDark ? lighten(p.base, 0.3) : lighten(p.base, 0.3);
  return { ink, hi: p.isLight ? darken(p.base, 0.1) : lighten(p.base, 0.5), gold };
}

/** Samples a cubic Bézier. */
function bez(p0: Pt, p1: Pt, p2: Pt, p3: Pt, t: number): Pt {
  const u = 1 - t;
  return [
    u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
    u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
  ];
}

/** A band of embroidery along a curve: edge lines, chain of lozenges, dots. */
function embroideryBand(curve: readonly [Pt, Pt, Pt, Pt], width: number, count: number, ink: { ink: string; hi: string }, s = 1): string {
  const edgesA: string[] = [];
  const edgesB: string[] = [];
  const loz: string[] = [];
  const dots: string[] = [];
  const pts: Array<{ pt: Pt; nx: number; ny: number }> = [];
  const steps = Math.max(8, count * 2);
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const a = bez(...curve, Math.max(0, t - 0.01));
    const b = bez(...curve, Math.min(1, t + 0.01));
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    pts.push({ pt: bez(...curve, t), nx: -dy / len, ny: dx / len });
  }
  const off = (k: number): string =>
    pts.map(({ pt, nx, ny }, i) => `${i === 0 ? 'M' : 'L'}${n(pt[0] + nx * k)} ${n(pt[1] + ny * k)}`).join('');
  edgesA.push(off(width / 2), off(-width / 2));
  edgesB.push(off(width / 2 - 5), off(-width / 2 + 5));
  for (let i = 0; i < count; i++) {
    const t = (i + 0.5) / count;
    const c = bez(...curve, t);
    const a = bez(...curve, Math.max(0, t - 0.01));
    const b = bez(...curve, Math.min(1, t + 0.01));
    const ang = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
    const r = width * 0.3;
    loz.push(
      `<g transform="translate(${n(c[0])} ${n(c[1])}) rotate(${n(ang)})"><path d="M${n(-r * 1.3)} 0L0 ${n(-r)}L${n(r * 1.3)} 0L0 ${n(r)}Z" fill="none" stroke="${ink.ink}" stroke-width="2.6"/><circle r="${n(r * 0.3)}" fill="${ink.ink}"/></g>`,
    );
    const e = bez(...curve, Math.min(1, t + 0.5 / count));
    dots.push(`M${n(e[0] - 2.4)} ${n(e[1])}a2.4 2.4 0 1 0 4.8 0a2.4 2.4 0 1 0 -4.8 0Z`);
  }
  void s;
  return (
    `<path d="${edgesA.join('')}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="3.2" transform="translate(0.8 1.4)"/>` +
    `<path d="${edgesA.join('')}" fill="none" stroke="${ink.ink}" stroke-width="3"/>` +
    `<path d="${edgesB.join('')}" fill="none" stroke="${ink.ink}" stroke-width="1.4" stroke-dasharray="3 2.4"/>` +
    `<path d="${edgesA.join('')}" fill="none" stroke="${ink.hi}" stroke-opacity="0.6" stroke-width="1" transform="translate(-0.6 -0.8)"/>` +
    loz.join('') +
    `<path d="${dots.join('')}" fill="${ink.ink}"/>`
  );
}

/** Concentric swirl motif (Agbada chest embroidery). */
function swirl(x: number, y: number, r: number, ink: { ink: string; hi: string }, dir = 1): string {
  let d = `M${n(x)} ${n(y)}`;
  for (let a = 0; a < Math.PI * 5; a += 0.35) {
    const rr = (r * a) / (Math.PI * 5);
    d += `L${n(x + Math.cos(a * dir) * rr)} ${n(y + Math.sin(a * dir) * rr)}`;
  }
  return (
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="3" transform="translate(0.8 1.3)"/>` +
    `<path d="${d}" fill="none" stroke="${ink.ink}" stroke-width="2.6" stroke-linecap="round"/>`
  );
}

function trouserHint(ctx: DrawCtx, top: number, bottom: number, half: number): string {
  const { p } = ctx;
  const out: string[] = [];
  for (const s of sides) {
    const leg = new PathB(s).M(6, top).L(half, top).C(half - 4, top + 100, half - 14, bottom - 100, half - 18, bottom).L(24, bottom + 2).C(22, bottom - 100, 12, top + 100, 6, top).Z().toString();
    out.push(tube(leg, p, s < 0 ? mix(p.base, p.hi, 0.2) : p.base));
    out.push(fold(new PathB(s).M(30, bottom - 60).Q(80, bottom - 40, half - 20, bottom - 56).toString(), 10, 1));
    out.push(stitch(new PathB(s).M(26, bottom - 10).L(half - 20, bottom - 10).toString(), p.line, { w: 1, dash: '3 3' }));
  }
  return out.join('');
}

export function drawKaftan(ctx: DrawCtx): Drawing {
  const { p } = ctx;
  const ink = embroideryInk(ctx);
  const t: TorsoSpec = { nw: 62, sw: 236, sy: 60, aw: 226, ay: 300, ww: 226, wy: 700, hw: 240, hy: 1180, tail: 0, neckY: 4, neckFront: 44 };
  const torso = torsoPath(t);
  const out: string[] = [];
  out.push(trouserHint(ctx, 1100, 1430, 150));
  out.push(panel(torso, p));
  out.push(tex(ctx, 'linen', torso));
  out.push(folds(ctx, torso, [
    fold(`M-170 320C-150 600 -170 900 -190 1160`, 26, 1),
    fold(`M170 320C150 600 170 900 190 1160`, 26, 1),
    fold(`M-60 500C-70 700 -80 900 -90 1170`, 18, 0.7),
    fold(`M70 520C80 720 80 900 90 1170`, 18, 0.7),
  ]));
  // side slits
  for (const s of sides) {
    out.push(seam(new PathB(s).M(t.hw - 6, 1010).L(t.hw - 2, t.hy - 2).toString(), p, 2.4, 0.7));
    out.push(stitch(new PathB(s).M(t.hw - 18, 1000).L(t.hw - 14, t.hy - 10).toString(), p.line, { w: 1, dash: '3 3' }));
  }
  out.push(stitch(`M${-t.hw + 8} ${t.hy - 14}H${t.hw - 8}`, p.line, { w: 1.1, dash: '4 3' }));
  // long straight sleeves with embroidered cuffs
  const sp: SleeveSpec = { cx: 316, cy: 860, cw: 72, bow: 16, cuffH: 0 };
  for (const s of sides) {
    const g = sleeveGeo(t, s, sp);
    out.push(tube(g.d, p, s < 0 ? mix(p.base, p.hi, 0.3) : p.base));
    out.push(folds(ctx, g.d, sleeveFolds(g, s, t, 0.9)));
    out.push(seam(g.seamLine, p, 1.6, 0.4));
    const [ox, oy] = g.outer;
    const [ix, iy] = g.inner;
    const ux = -g.axis[0] * 34;
    const uy = -g.axis[1] * 34;
    const curve: [Pt, Pt, Pt, Pt] = [
      [ox + ux, oy + uy],
      [ox + ux + (ix - ox) * 0.33, oy + uy + (iy - oy) * 0.33],
      [ox + ux + (ix - ox) * 0.66, oy + uy + (iy - oy) * 0.66],
      [ix + ux, iy + uy],
    ];
    out.push(embroideryBand(curve, 30, 5, ink));
  }
  // neckline: inside back, round neck with front slit and embroidered yoke
  const hole = `M-64 6C-62 -30 62 -30 64 6C46 40 -46 40 -64 6Z`;
  out.push(interior(hole, p));
  out.push(`<path d="M0 40V250" stroke="${p.lo2}" stroke-width="6" stroke-linecap="round"/>`);
  out.push(`<path d="M2 40V250" stroke="${p.hi}" stroke-width="1.5" stroke-opacity="0.5"/>`);
  out.push(embroideryBand([[-82, 6], [-70, 76], [70, 76], [82, 6]], 30, 9, ink));
  for (const s of sides) {
    out.push(embroideryBand([[s * 22, 70], [s * 24, 140], [s * 22, 200], [s * 18, 270]], 26, 4, ink));
    out.push(embroideryBand([[s * 70, 70], [s * 110, 150], [s * 120, 260], [s * 90, 360]], 22, 5, ink));
  }
  out.push(`<path d="M-18 276Q0 300 18 276" fill="none" stroke="${ink.ink}" stroke-width="3"/>`);
  out.push(swirl(-46, 320, 20, ink) + swirl(46, 320, 20, ink, -1));
  return garment(out.join(''), [-400, -40, 400, 1430], { x: 0, y: 160, zoom: 2.4 }, { x: 0, y: 420, zoom: 1.5, rotate: 0 });
}

export function drawAgbada(ctx: DrawCtx): Drawing {
  const { p } = ctx;
  const ink = embroideryInk(ctx);
  const out: string[] = [];
  // inner kaftan + trousers visible beneath
  const innerP = makePalette(mix(p.base, p.isLight ? '#ffffff' : '#000000', 0.12));
  out.push(trouserHint({ ...ctx, p: innerP }, 1230, 1440, 150));
  const innerHem = `M-230 1120H230L236 1250H-236Z`;
  out.push(panel(innerHem, innerP));
  // the robe: wide, flowing, shoulders to the floor
  const robe =
    `M-70 4C-140 20 -250 50 -360 120C-470 200 -560 400 -600 620C-630 800 -620 980 -590 1150` +
    `C-420 1190 -240 1210 0 1200C240 1210 420 1190 590 1150C620 980 630 800 600 620C560 400 470 200 360 120` +
    `C250 50 140 20 70 4C44 34 -44 34 -70 4Z`;
  out.push(panel(robe, p));
  out.push(tex(ctx, 'satin', robe));
  // deep drapery folds from the shoulders
  const fl: string[] = [];
  for (const s of sides) {
    fl.push(fold(new PathB(s).M(250, 90).C(330, 400, 380, 800, 420, 1180).toString(), 34, 1.4));
    fl.push(fold(new PathB(s).M(330, 140).C(440, 420, 500, 800, 540, 1160).toString(), 30, 1.3));
    fl.push(fold(new PathB(s).M(160, 60).C(200, 400, 240, 800, 280, 1190).toString(), 26, 1.1));
    fl.push(fold(new PathB(s).M(420, 200).C(520, 480, 560, 800, 580, 1140).toString(), 22, 1));
    fl.push(fold(new PathB(s).M(80, 500).C(100, 700, 120, 950, 130, 1200).toString(), 20, 0.8));
  }
  out.push(folds(ctx, robe, fl));
  out.push(stitch(`M-586 1132C-420 1172 -240 1190 0 1182C240 1190 420 1172 586 1132`, p.line, { w: 1.2, dash: '4 3' }));
  // inner neckline
  const hole = `M-64 6C-62 -32 62 -32 64 6C44 32 -44 32 -64 6Z`;
  out.push(interior(hole, p));
  // large embroidered chest panel (wearer's left) and neck surround
  const pocket = `M40 200H250Q262 200 262 212V430Q262 470 222 470H80Q40 470 40 430Z`;
  out.push(`<path d="${pocket}" fill="none" stroke="${p.line}" stroke-opacity="0.5" stroke-width="2.4"/>`);
  out.push(embroideryBand([[-96, 4], [-90, 110], [90, 110], [96, 4]], 34, 10, ink));
  out.push(embroideryBand([[-20, 96], [-26, 200], [-30, 300], [-40, 520]], 30, 6, ink));
  out.push(embroideryBand([[52, 214], [120, 206], [190, 206], [250, 214]], 24, 5, ink));
  out.push(embroideryBand([[52, 456], [120, 462], [190, 462], [250, 456]], 24, 5, ink));
  out.push(swirl(150, 336, 52, ink) + swirl(94, 280, 26, ink, -1) + swirl(206, 392, 26, ink, -1));
  out.push(swirl(-120, 260, 34, ink, -1) + swirl(-150, 380, 26, ink));
  out.push(`<path d="M-40 520Q-60 600 -20 650Q20 600 -40 520" fill="none" stroke="${ink.ink}" stroke-width="3"/>`);
  return garment(out.join(''), [-640, -40, 640, 1440], { x: 140, y: 330, zoom: 2.3 }, { x: 0, y: 360, zoom: 1.55, rotate: 0 });
}

// ------------------------------------------------------------------------ tie

export function drawTie(ctx: DrawCtx): Drawing {
  const { p } = ctx;
  const out: string[] = [];
  // neck loop rising behind the knot
  for (const s of sides) {
    const band = new PathB(s).M(18, 20).C(40, -60, 120, -130, 170, -120).L(176, -96).C(130, -104, 64, -40, 44, 24).Z().toString();
    out.push(tube(band, { ...p, base: p.lo }));
  }
  const blade = `M-36 96C-44 300 -70 700 -92 930L0 1010L92 930C70 700 44 300 36 96Z`;
  out.push(softShadow(blade, 6, 12, 0.3));
  out.push(`<path d="${blade}" fill="${p.base}"/>`);
  out.push(tex(ctx, 'tiepat', blade));
  out.push(`<path d="${blade}" fill="url(#cyl)"/>`);
  out.push(`<path d="${blade}" fill="url(#sheen)"/>`);
  out.push(`<path d="${blade}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="2"/>`);
  out.push(folds(ctx, blade, [fold(`M0 110C0 300 2 600 0 990`, 12, 0.9), fold(`M-30 120C-24 200 -10 240 -4 300`, 10, 0.9)]));
  out.push(stitch(`M-84 924L0 996L84 924`, p.line, { w: 1, dash: '3 3' }));
  // the knot with its dimple
  const knot = `M-66 8C-30 -2 30 -2 66 8L40 104C20 114 -20 114 -40 104Z`;
  out.push(softShadow(knot, 4, 10, 0.45));
  out.push(`<path d="${knot}" fill="${p.base}"/>`);
  out.push(tex(ctx, 'tiepat', knot));
  out.push(`<path d="${knot}" fill="url(#form)"/>`);
  out.push(`<path d="${knot}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="2"/>`);
  out.push(fold(`M-20 20C-14 50 -16 80 -24 104`, 10, 1.6) + fold(`M22 20C18 50 18 80 26 104`, 10, 1.2));
  out.push(fold(`M0 112C-2 150 2 180 0 200`, 8, 2.2));
  return garment(out.join(''), [-190, -130, 190, 1010], { x: 0, y: 120, zoom: 2.6 }, { x: 0, y: 440, zoom: 1.02, rotate: -28 });
}

// keep helper referenced for future garments (belted coats etc.)
void buckle;
void rivet;
