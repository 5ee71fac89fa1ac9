/**
 * Women's bag drawers. Local coordinates: the bag body's top edge is y = 0,
 * x = 0 is the centre line, handles/straps rise into negative y.
 */
import { darken, lighten, mix } from './color.js';
import {
  buckle,
  chainLinks,
  clip,
  cubicPts,
  dRing,
  flatStrapAlong,
  fold,
  n,
  r2,
  rivet,
  rolledStrap,
  seam,
  shaded,
  softShadow,
  stitch,
  trap,
  zipper,
  zipPull,
  type DrawCtx,
  type Drawing,
} from './svg-kit.js';
import { finish } from './textures.js';

interface BagGeo {
  /** Width of the front face at the gusset's top (gy0) and at the bottom. */
  tw: number;
  bw: number;
  h: number;
  rb: number;
  depth: number;
  top: 'open' | 'closed' | 'none';
  /** y where the visible side gusset starts (0 for boxy bags). */
  gy0?: number;
  /**
   * Rounded bags have no flat gusset: in the angled view their outline is extruded
   * (stacked offset copies in shade) so the body reads as having depth.
   */
  extrude?: string;
}

interface Composed {
  svg: string;
  /** Horizontal extent after the angled transform (front face + gusset). */
  x0: number;
  x1: number;
  /** Maps a front-face local x to the composed x (for framing hints). */
  X: (x: number) => number;
  dx: number;
  dy: number;
}

/**
 * Places the back layer, the side gusset / top panel (angled view) and the front face.
 * The angled view is an oblique three-quarter: the front face is foreshortened and the
 * right-hand gusset (in shade, light comes from the top-left) becomes visible.
 */
function composeBag(ctx: DrawCtx, g: BagGeo, back: string, front: string, lining: string): Composed {
  const { p } = ctx;
  const k = ctx.angled ? 0.84 : 1;
  const D = ctx.angled ? g.depth : 0;
  const dx = D * 0.8;
  const dy = -D * 0.22 - (g.top === 'open' ? 18 : 8);
  const tx = -dx / 2;
  const X = (x: number): number => k * x + tx;
  const gy0 = g.gy0 ?? 0;
  const parts: string[] = [];
  parts.push(`<g transform="matrix(${r2(k)} 0 0 1 ${n(tx + dx)} ${n(dy)})">${back}</g>`);
  if (ctx.angled && g.extrude) {
    const N = 7;
    for (let i = N; i >= 1; i--) {
      const f = i / N;
      const tone = mix(p.isDark ? p.hi : p.base, p.lo, 0.35 + f * 0.5);
      parts.push(
        `<path d="${g.extrude}" fill="${tone}" fill-rule="evenodd" transform="matrix(${r2(k)} 0 0 1 ${n(tx + dx * f)} ${n(dy * f * 0.6)})"/>`,
      );
    }
    parts.push(
      `<path d="${g.extrude}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="2.4" transform="matrix(${r2(k)} 0 0 1 ${n(tx + dx)} ${n(dy * 0.6)})"/>`,
    );
  } else if (ctx.angled) {
    const ax = X(g.tw / 2) - 14;
    const dxb = X(g.bw / 2) - g.rb * 0.55 * k;
    const A: [number, number] = [ax, gy0 + 2];
    const B: [number, number] = [ax + dx, gy0 + dy + 2];
    const C: [number, number] = [dxb + dx, g.h + dy - 2];
    const Dp: [number, number] = [dxb, g.h - 1];
    const gd = `M${n(A[0])} ${n(A[1])}L${n(B[0])} ${n(B[1])}Q${n(B[0] + 10)} ${n((B[1] + C[1]) / 2)} ${n(C[0])} ${n(C[1] - 30)}Q${n(C[0])} ${n(C[1])} ${n(C[0] - 28)} ${n(C[1] + 6)}L${n(Dp[0])} ${n(Dp[1])}Z`;
    parts.push(shaded(gd, p, { fill: p.lo }));
    const m1: [number, number] = [(A[0] + B[0]) / 2, (A[1] + B[1]) / 2];
    const m2: [number, number] = [(C[0] + Dp[0]) / 2, (C[1] + Dp[1]) / 2];
    parts.push(fold(`M${n(m1[0])} ${n(m1[1] + 6)}L${n(m2[0])} ${n(m2[1] - 10)}`, 10, 1.6, -1));
    parts.push(
      stitch(
        `M${n(B[0] - 4)} ${n(B[1] + 14)}Q${n(B[0] + 4)} ${n((B[1] + C[1]) / 2)} ${n(C[0] - 6)} ${n(C[1] - 30)}`,
        p.thread,
        { w: 1.8 },
      ),
    );
    if (g.top !== 'none') {
      const FL: [number, number] = [X(-g.tw / 2) + 10, gy0];
      const FR: [number, number] = [X(g.tw / 2) - 10, gy0];
      const td = `M${n(FL[0])} ${n(FL[1])}L${n(FL[0] + dx)} ${n(FL[1] + dy)}L${n(FR[0] + dx)} ${n(FR[1] + dy)}L${n(FR[0])} ${n(FR[1])}Z`;
      if (g.top === 'open') {
        parts.push(
          `<path d="${td}" fill="${lining}" stroke="${p.lo}" stroke-width="3" stroke-linejoin="round"/>`,
        );
        parts.push(`<path d="${td}" fill="url(#sheen)"/>`);
        parts.push(
          `<path d="M${n(FL[0] + dx)} ${n(FL[1] + dy)}L${n(FR[0] + dx)} ${n(FR[1] + dy)}L${n(FR[0])} ${n(FR[1])}" fill="none" stroke="${p.hi}" stroke-width="6" stroke-linejoin="round"/>`,
        );
      } else {
        parts.push(shaded(td, p, { fill: p.hi, vol: false }));
      }
    }
  } else if (g.top === 'open') {
    const t = g.tw / 2;
    const sl = `M${n(-t + 6)} 2C${n(-t + 4)} ${n(dy * 0.6)} ${n(-t + 30)} ${n(dy)} ${n(-t + 60)} ${n(dy)}H${n(t - 60)}C${n(t - 30)} ${n(dy)} ${n(t - 4)} ${n(dy * 0.6)} ${n(t - 6)} 2Z`;
    parts.push(`<path d="${sl}" fill="${lining}"/>`);
    parts.push(
      `<path d="M${n(-t + 6)} 2C${n(-t + 4)} ${n(dy * 0.6)} ${n(-t + 30)} ${n(dy)} ${n(-t + 60)} ${n(dy)}H${n(t - 60)}C${n(t - 30)} ${n(dy)} ${n(t - 4)} ${n(dy * 0.6)} ${n(t - 6)} 2" fill="none" stroke="${p.hi}" stroke-width="5"/>`,
    );
  }
  parts.push(`<g transform="matrix(${r2(k)} 0 0 1 ${n(tx)} 0)">${front}</g>`);
  const x0 = Math.min(X(-g.bw / 2), X(-g.tw / 2));
  const x1 = Math.max(X(g.bw / 2), X(g.tw / 2)) + dx;
  return { svg: parts.join(''), x0, x1, X, dx, dy };
}

const liningOf = (ctx: DrawCtx): string => mix(darken(ctx.p.base, 0.62), ctx.accent, 0.22);

/** Debossed, text-free maker's plaque (metal). */
function plaque(x: number, y: number, w: number, h: number): string {
  return (
    `<rect x="${n(x - w / 2 + 2)}" y="${n(y - h / 2 + 3)}" width="${n(w)}" height="${n(h)}" rx="${n(h * 0.2)}" fill="#000" fill-opacity="0.3"/>` +
    `<rect x="${n(x - w / 2)}" y="${n(y - h / 2)}" width="${n(w)}" height="${n(h)}" rx="${n(h * 0.2)}" fill="url(#mt)"/>` +
    `<rect x="${n(x - w / 2 + 4)}" y="${n(y - h / 2 + 4)}" width="${n(w - 8)}" height="${n(h - 8)}" rx="${n(h * 0.12)}" fill="none" stroke="#000" stroke-opacity="0.22" stroke-width="1.4"/>`
  );
}

// ------------------------------------------------------------------ tote

export function drawTote(ctx: DrawCtx): Drawing {
  const { p } = ctx;
  const tw = 680;
  const bw = 590;
  const h = 560;
  const body = trap(tw, bw, h, 10, 34, 6);
  const hx = 150;
  const handle = (fill?: string): string =>
    flatStrapAlong(cubicPts([-hx, 30], [-hx - 10, -300], [hx + 10, -300], [hx, 30], 28), 40, p, fill);
  const back = handle(p.lo);
  const f: string[] = [];
  f.push(shaded(body, p, { texture: finish(ctx, body) }));
  f.push(fold(`M-120 70C-135 260 -100 420 -112 540`, 16, 0.9));
  f.push(fold(`M150 90C160 260 140 420 150 545`, 14, 0.8));
  f.push(seam(`M${-tw / 2 + 6} 54H${tw / 2 - 6}`, p, 2.2, 0.55));
  f.push(stitch(`M${-tw / 2 + 14} 16H${tw / 2 - 14}`, p.thread));
  f.push(stitch(`M${-tw / 2 + 14} 42H${tw / 2 - 14}`, p.thread));
  f.push(seam(`M${-bw / 2 + 30} ${h - 64}Q0 ${h - 54} ${bw / 2 - 30} ${h - 64}`, p, 2, 0.45));
  f.push(stitch(`M${-bw / 2 + 36} ${h - 52}Q0 ${h - 42} ${bw / 2 - 36} ${h - 52}`, p.thread, { w: 1.8 }));
  // handle drops stitched onto the front panel
  for (const sx of [-hx, hx]) {
    const drop = `M${sx - 20} -2H${sx + 20}V150Q${sx} 166 ${sx - 20} 150Z`;
    f.push(softShadow(drop, 3, 6, 0.25));
    f.push(shaded(drop, p, { vol: false }));
    f.push(stitch(`M${sx - 14} 0V142Q${sx} 156 ${sx + 14} 142V0`, p.thread, { w: 1.8 }));
    f.push(
      stitch(
        `M${sx - 12} 84L${sx + 12} 130M${sx + 12} 84L${sx - 12} 130M${sx - 12} 84H${sx + 12}`,
        p.thread,
        { w: 1.6 },
      ),
    );
    f.push(rivet(sx, 24, 8));
  }
  f.push(handle());
  f.push(plaque(0, 112, 84, 22));
  const c = composeBag(ctx, { tw, bw, h, rb: 34, depth: 190, top: 'open' }, back, f.join(''), liningOf(ctx));
  return {
    svg: c.svg,
    box: [c.x0, -260 + Math.min(0, c.dy), c.x1, h],
    ground: h,
    shadowW: (c.x1 - c.x0) / 2,
    detail: { x: c.X(hx), y: 70, zoom: 2.6 },
    kind: 'bag',
  };
}

// -------------------------------------------------------------- shoulder

export function drawShoulder(ctx: DrawCtx): Drawing {
  const { p, m } = ctx;
  const tw = 600;
  const bw = 640;
  const h = 380;
  const body = trap(tw, bw, h, 26, 90, 4);
  const flap = `M${-tw / 2 + 26} -6H${tw / 2 - 26}Q${tw / 2 + 4} -6 ${tw / 2 + 4} 26L${tw / 2 + 12} 180Q${tw / 2 + 14} 236 ${tw / 2 - 50} 246Q0 272 ${-tw / 2 + 50} 246Q${-tw / 2 - 14} 236 ${-tw / 2 - 12} 180L${-tw / 2 - 4} 26Q${-tw / 2 - 4} -6 ${-tw / 2 + 26} -6Z`;
  const flapIn = `M${-tw / 2 + 30} 12H${tw / 2 - 30}Q${tw / 2 - 12} 12 ${tw / 2 - 12} 30L${tw / 2 - 6} 176Q${tw / 2 - 4} 222 ${tw / 2 - 56} 230Q0 254 ${-tw / 2 + 56} 230Q${-tw / 2 + 4} 222 ${-tw / 2 + 6} 176L${-tw / 2 + 12} 30Q${-tw / 2 + 12} 12 ${-tw / 2 + 30} 12`;
  const strapPts = cubicPts([-tw / 2 + 30, 8], [-200, -430], [200, -430], [tw / 2 - 30, 8], 30);
  const f: string[] = [];
  f.push(flatStrapAlong(strapPts, 34, p));
  f.push(shaded(body, p, { texture: finish(ctx, body) }));
  f.push(seam(`M${-bw / 2 + 40} ${h - 40}Q0 ${h - 22} ${bw / 2 - 40} ${h - 40}`, p, 2, 0.4));
  f.push(softShadow(flap, 3, 10, 0.35));
  f.push(shaded(flap, p, { texture: finish(ctx, flap) }));
  f.push(fold(`M-220 40Q0 70 220 40`, 10, 0.7, -1));
  f.push(stitch(flapIn, p.thread));
  f.push(
    `<path d="${flap}" fill="none" stroke="${p.hi}" stroke-opacity="0.35" stroke-width="3" transform="translate(-1 -1.5)"/>`,
  );
  // turn-lock clasp
  f.push(
    `<rect x="-52" y="196" width="104" height="62" rx="20" fill="#000" fill-opacity="0.3" transform="translate(3 5)"/>` +
      `<rect x="-52" y="196" width="104" height="62" rx="20" fill="url(#mt)"/>` +
      `<rect x="-44" y="204" width="88" height="46" rx="15" fill="none" stroke="${m.deep}" stroke-opacity="0.45" stroke-width="2"/>` +
      `<rect x="-14" y="208" width="28" height="38" rx="8" fill="url(#mtR)" stroke="${m.deep}" stroke-opacity="0.5" stroke-width="1.5"/>`,
  );
  f.push(rivet(-34, 227, 4.5) + rivet(34, 227, 4.5));
  f.push(dRing(-tw / 2 + 30, 4, 22, -28) + dRing(tw / 2 - 30, 4, 22, 28));
  const c = composeBag(ctx, { tw, bw, h, rb: 90, depth: 120, top: 'closed' }, '', f.join(''), liningOf(ctx));
  return {
    svg: c.svg,
    box: [c.x0, -330 + Math.min(0, c.dy), c.x1, h],
    ground: h,
    shadowW: (c.x1 - c.x0) / 2,
    detail: { x: c.X(0), y: 215, zoom: 2.7 },
    kind: 'bag',
  };
}

// ------------------------------------------------------------- crossbody

export function drawCrossbody(ctx: DrawCtx): Drawing {
  const { p, m } = ctx;
  const w = 460;
  const h = 320;
  const body = trap(w, w, h, 50, 50, 3);
  const f: string[] = [];
  const strap = cubicPts([-w / 2 + 12, 40], [-330, -960], [330, -960], [w / 2 - 12, 40], 44);
  f.push(flatStrapAlong(strap, 26, p));
  // adjustable buckle on the right side of the strap
  const bp = strap[34] ?? [200, -300];
  const bp2 = strap[35] ?? [210, -280];
  const ang = (Math.atan2(bp2[1] - bp[1], bp2[0] - bp[0]) * 180) / Math.PI;
  f.push(buckle(bp[0], bp[1], 40, 30, m, ang + 90));
  f.push(shaded(body, p, { texture: finish(ctx, body) }));
  // zip across the top
  f.push(
    `<path d="M${-w / 2 + 40} 30H${w / 2 - 40}" stroke="${p.lo2}" stroke-width="22" stroke-linecap="round"/>`,
  );
  f.push(zipper(`M${-w / 2 + 46} 30H${w / 2 - 46}`, m, darken(p.base, 0.4), 0.9));
  f.push(zipPull(w / 2 - 70, 30, 1.1, -8, p.base));
  // quilted chevrons on the lower front
  const cl = clip(ctx, body);
  const chev: string[] = [];
  for (let i = 0; i < 4; i++) {
    const y = 110 + i * 52;
    chev.push(`M${-w / 2} ${y - 40}L0 ${y + 20}L${w / 2} ${y - 40}`);
  }
  f.push(`<g clip-path="${cl}">`);
  for (const d of chev) f.push(fold(d, 9, 1.2, -1));
  for (const d of chev) f.push(stitch(d, p.thread, { w: 1.6 }));
  f.push(`</g>`);
  f.push(seam(`M${-w / 2 + 22} 70H${w / 2 - 22}`, p, 2, 0.5));
  f.push(plaque(0, 94, 70, 18));
  f.push(dRing(-w / 2 + 12, 44, 16, -70) + dRing(w / 2 - 12, 44, 16, 70));
  const c = composeBag(
    ctx,
    { tw: w, bw: w, h, rb: 50, depth: 90, top: 'closed' },
    '',
    f.join(''),
    liningOf(ctx),
  );
  return {
    svg: c.svg,
    box: [c.x0 - 20, -740 + Math.min(0, c.dy), c.x1 + 20, h],
    ground: h,
    shadowW: (c.x1 - c.x0) / 2,
    detail: { x: c.X(w / 2 - 80), y: 60, zoom: 2.8 },
    kind: 'bag',
  };
}

// ---------------------------------------------------------------- clutch

export function drawClutch(ctx: DrawCtx): Drawing {
  const { p, m } = ctx;
  const w = 720;
  const h = 430;
  const body = trap(w, w, h, 18, 22, 0);
  const tipY = 290;
  const flap = `M${-w / 2 + 6} 0H${w / 2 - 6}Q${w / 2} 0 ${w / 2 - 6} 10L40 ${tipY - 16}Q0 ${tipY + 8} -40 ${tipY - 16}L${-w / 2 + 6} 10Q${-w / 2} 0 ${-w / 2 + 6} 0Z`;
  const f: string[] = [];
  f.push(shaded(body, p, { texture: finish(ctx, body) }));
  f.push(seam(`M${-w / 2 + 8} ${h - 8}L-40 ${tipY + 20}M${w / 2 - 8} ${h - 8}L40 ${tipY + 20}`, p, 2, 0.35));
  f.push(stitch(`M${-w / 2 + 16} ${h - 16}H${w / 2 - 16}`, p.thread, { w: 1.6 }));
  f.push(softShadow(flap, 4, 14, 0.4));
  f.push(shaded(flap, p, { vol: false, texture: finish(ctx, flap) }));
  f.push(
    `<path d="${flap}" fill="url(#drop)" fill-opacity="0.25" transform="scale(1 -1) translate(0 -${tipY + 8})"/>`,
  );
  f.push(
    stitch(`M${-w / 2 + 30} 16L-34 ${tipY - 26}Q0 ${tipY - 6} 34 ${tipY - 26}L${w / 2 - 30} 16`, p.thread, {
      w: 1.8,
    }),
  );
  f.push(`<path d="M${-w / 2 + 6} 2H${w / 2 - 6}" stroke="${p.hi2}" stroke-opacity="0.5" stroke-width="3"/>`);
  // metal tip cap + magnetic clasp bar
  const cap = `M-34 ${tipY - 34}L34 ${tipY - 34}L44 ${tipY - 22}Q0 ${tipY + 14} -44 ${tipY - 22}Z`;
  f.push(softShadow(cap, 2, 5, 0.5));
  f.push(`<path d="${cap}" fill="url(#mt)" stroke="${m.deep}" stroke-opacity="0.5" stroke-width="1.5"/>`);
  f.push(`<path d="M-26 ${tipY - 28}H26" stroke="${m.light}" stroke-width="2" stroke-opacity="0.9"/>`);
  f.push(rivet(0, tipY - 14, 5));
  const c = composeBag(
    ctx,
    { tw: w, bw: w, h, rb: 22, depth: 70, top: 'closed' },
    '',
    f.join(''),
    liningOf(ctx),
  );
  return {
    svg: c.svg,
    box: [c.x0, Math.min(0, c.dy) - 40, c.x1, h],
    ground: h,
    shadowW: (c.x1 - c.x0) / 2,
    detail: { x: c.X(0), y: tipY - 30, zoom: 2.6 },
    kind: 'bag',
  };
}

// --------------------------------------------------------------- handbag

export function drawHandbag(ctx: DrawCtx): Drawing {
  const { p, m } = ctx;
  const tw = 520;
  const bw = 650;
  const h = 480;
  const body = trap(tw, bw, h, 24, 46, 10);
  const hx = 140;
  const handleD = `M${-hx} 16C${-hx} -290 ${hx} -290 ${hx} 16`;
  const back = rolledStrap(handleD, { ...p, base: p.lo, hi: p.base, hi2: p.hi }, 26);
  const f: string[] = [];
  const quilted = (ctx.finish ?? 'quilt') === 'quilt';
  f.push(shaded(body, p, quilted ? {} : { texture: finish(ctx, body) }));
  // cannage quilting: a diagonal lattice of stitched grooves with pillowed cells
  const S = 96;
  // the two diagonal directions live in separate paths (crossing segments in one
  // path are very slow to tessellate)
  const groovesA: string[] = [];
  const groovesB: string[] = [];
  const dimples: string[] = [];
  const dimpleHi: string[] = [];
  for (let c = -bw; c <= bw + h; c += S) {
    groovesA.push(`M${n(c - h - 40)} ${n(h + 40)}L${n(c + 40)} -40`);
    groovesB.push(`M${n(-c + h + 40)} ${n(h + 40)}L${n(-c - 40)} -40`);
  }
  for (let i = -8; i <= 8; i++) {
    for (let j = 0; j <= 12; j++) {
      const x = i * S + (j % 2 ? S / 2 : 0);
      const y = j * (S / 2) + S / 2 - 40;
      if (y < 30 || y > h - 20 || Math.abs(x) > bw / 2) continue;
      dimples.push(`M${n(x - 3.5)} ${n(y)}a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0 -7 0Z`);
      dimpleHi.push(`M${n(x - 1.5)} ${n(y + 4)}a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0Z`);
    }
  }
  const cl = clip(ctx, body);
  if (quilted) f.push(`<g clip-path="${cl}">`);
  for (const lat of quilted ? [groovesA.join(''), groovesB.join('')] : []) {
    f.push(`<path d="${lat}" fill="none" stroke="#000" stroke-opacity="0.05" stroke-width="26"/>`);
    f.push(`<path d="${lat}" fill="none" stroke="#000" stroke-opacity="0.06" stroke-width="14"/>`);
    f.push(`<path d="${lat}" fill="none" stroke="#000" stroke-opacity="0.08" stroke-width="5"/>`);
    f.push(
      `<path d="${lat}" fill="none" stroke="#fff" stroke-opacity="0.07" stroke-width="10" transform="translate(-7 -7)"/>`,
    );
  }
  if (quilted) {
    for (const lat of [groovesA.join(''), groovesB.join('')])
      f.push(stitch(lat, p.thread, { w: 1.6, dash: '6 5' }));
    f.push(
      `<path d="${dimpleHi.join('')}" fill="#fff" fill-opacity="0.35"/><path d="${dimples.join('')}" fill="${p.lo2}" fill-opacity="0.8"/>`,
    );
    f.push(`</g>`);
  }
  f.push(`<path d="${body}" fill="url(#form)"/>`);
  f.push(`<path d="${body}" fill="none" stroke="${p.lo2}" stroke-width="7" stroke-opacity="0.6"/>`);
  f.push(
    `<path d="${body}" fill="none" stroke="${p.hi}" stroke-width="2" stroke-opacity="0.6" transform="translate(-1.5 -2)"/>`,
  );
  for (const sx of [-hx, hx]) {
    const tab = `M${sx - 24} -8H${sx + 24}L${sx + 20} 62Q${sx} 74 ${sx - 20} 62Z`;
    f.push(softShadow(tab, 2, 5, 0.3));
    f.push(shaded(tab, p, { vol: false }));
    f.push(stitch(`M${sx - 17} -2L${sx - 14} 54Q${sx} 63 ${sx + 14} 54L${sx + 17} -2`, p.thread, { w: 1.5 }));
    f.push(rivet(sx, 30, 7));
  }
  f.push(rolledStrap(handleD, p, 26));
  // charm: ring, short chain and a domed medallion
  const cx0 = hx + 4;
  f.push(`<path d="M${cx0} 52V104" stroke="${m.dark}" stroke-width="4" stroke-dasharray="6 3"/>`);
  f.push(`<circle cx="${cx0}" cy="48" r="9" fill="none" stroke="${m.mid}" stroke-width="4"/>`);
  f.push(rivet(cx0, 128, 22));
  f.push(
    `<circle cx="${cx0}" cy="128" r="15" fill="none" stroke="${m.deep}" stroke-opacity="0.35" stroke-width="2"/>`,
  );
  const c = composeBag(
    ctx,
    { tw, bw, h, rb: 46, depth: 160, top: 'closed' },
    back,
    f.join(''),
    liningOf(ctx),
  );
  return {
    svg: c.svg,
    box: [c.x0, -230 + Math.min(0, c.dy), c.x1, h],
    ground: h,
    shadowW: (c.x1 - c.x0) / 2,
    detail: { x: c.X(hx), y: 80, zoom: 2.6 },
    kind: 'bag',
  };
}

// --------------------------------------------------------------- satchel

export function drawSatchel(ctx: DrawCtx): Drawing {
  const { p, m } = ctx;
  const w = 620;
  const h = 470;
  const body = trap(w, w, h, 22, 34, 0);
  const flapH = 330;
  const flap = `M${-w / 2 - 4} -10H${w / 2 + 4}V${flapH - 70}Q${w / 2 + 4} ${flapH} ${w / 2 - 66} ${flapH}H${-w / 2 + 66}Q${-w / 2 - 4} ${flapH} ${-w / 2 - 4} ${flapH - 70}Z`;
  const flapSt = `M${-w / 2 + 12} 4V${flapH - 72}Q${-w / 2 + 12} ${flapH - 16} ${-w / 2 + 68} ${flapH - 16}H${w / 2 - 68}Q${w / 2 - 12} ${flapH - 16} ${w / 2 - 12} ${flapH - 72}V4`;
  const f: string[] = [];
  const handleD = `M-70 -4C-76 -120 76 -120 70 -4`;
  f.push(rolledStrap(handleD, p, 22));
  for (const sx of [-70, 70]) {
    f.push(
      `<path d="M${sx - 16} -20H${sx + 16}L${sx + 12} 10H${sx - 12}Z" fill="url(#mt)" stroke="${m.deep}" stroke-opacity="0.4"/>`,
    );
  }
  f.push(shaded(body, p, { texture: finish(ctx, body) }));
  f.push(stitch(`M${-w / 2 + 14} ${h - 18}H${w / 2 - 14}`, p.thread));
  // front pocket hint under flap
  f.push(seam(`M${-w / 2 + 30} ${flapH + 20}V${h - 40}`, p, 2, 0.35));
  f.push(seam(`M${w / 2 - 30} ${flapH + 20}V${h - 40}`, p, 2, 0.35));
  f.push(softShadow(flap, 4, 14, 0.4));
  f.push(shaded(flap, p, { texture: finish(ctx, flap) }));
  f.push(stitch(flapSt, p.thread, { w: 2.2 }));
  f.push(fold(`M${-w / 2 + 10} 14H${w / 2 - 10}`, 8, 1.2, -1));
  // straps + buckles
  for (const sx of [-150, 150]) {
    const strapTop = 150;
    const lower = `M${sx - 22} ${flapH - 40}H${sx + 22}V${h - 30}H${sx - 22}Z`;
    f.push(softShadow(lower, 2, 5, 0.3));
    f.push(shaded(lower, p, { vol: false }));
    f.push(
      stitch(`M${sx - 16} ${flapH - 30}V${h - 36}M${sx + 16} ${flapH - 30}V${h - 36}`, p.thread, { w: 1.6 }),
    );
    const upper = `M${sx - 22} ${strapTop + 22}Q${sx - 22} ${strapTop} ${sx} ${strapTop}Q${sx + 22} ${strapTop} ${sx + 22} ${strapTop + 22}V${flapH - 20}H${sx - 22}Z`;
    f.push(softShadow(upper, 2, 6, 0.35));
    f.push(shaded(upper, p, { vol: false }));
    f.push(
      stitch(
        `M${sx - 15} ${strapTop + 24}V${flapH - 26}M${sx + 15} ${strapTop + 24}V${flapH - 26}`,
        p.thread,
        { w: 1.6 },
      ),
    );
    f.push(
      `<circle cx="${sx}" cy="${strapTop + 44}" r="5" fill="${p.lo2}"/><circle cx="${sx}" cy="${strapTop + 74}" r="5" fill="${p.lo2}"/>`,
    );
    const keeper = `M${sx - 28} ${flapH - 6}H${sx + 28}V${flapH + 20}H${sx - 28}Z`;
    f.push(softShadow(keeper, 2, 4, 0.35));
    f.push(shaded(keeper, p, { vol: false, fill: p.hi }));
    f.push(buckle(sx, 258, 64, 54, m));
  }
  f.push(dRing(-w / 2 - 2, 30, 20, -90) + dRing(w / 2 + 2, 30, 20, 90));
  const c = composeBag(
    ctx,
    { tw: w, bw: w, h, rb: 34, depth: 150, top: 'closed' },
    '',
    f.join(''),
    liningOf(ctx),
  );
  return {
    svg: c.svg,
    box: [c.x0 - 16, -100 + Math.min(0, c.dy), c.x1 + 16, h],
    ground: h,
    shadowW: (c.x1 - c.x0) / 2,
    detail: { x: c.X(-150), y: 270, zoom: 2.6 },
    kind: 'bag',
  };
}

// ------------------------------------------------------------------ hobo

export function drawHobo(ctx: DrawCtx): Drawing {
  const { p, m } = ctx;
  // crescent body whose sides taper into an integrated shoulder strap
  const outer = `M-32 -440C-130 -430 -262 -310 -340 -80C-412 130 -240 474 0 474C240 474 412 130 340 -80C262 -310 130 -430 32 -440Z`;
  const hole = `M-24 -376C-112 -364 -222 -256 -280 -30C-150 52 150 52 280 -30C222 -256 112 -364 24 -376Z`;
  const bag = `${outer}${hole}`;
  const f: string[] = [];
  // the opening: back panel visible behind the sagging zip top
  const backPanel = `M-280 -30C-200 -74 -100 -86 0 -86C100 -86 200 -74 280 -30C150 52 -150 52 -280 -30Z`;
  f.push(`<path d="${backPanel}" fill="${p.lo}"/><path d="${backPanel}" fill="url(#sheen)"/>`);
  f.push(zipper(`M-220 -52C-110 -76 110 -76 220 -52`, m, darken(p.base, 0.45), 0.8));
  f.push(zipPull(170, -62, 1, -18, p.base));
  f.push(`<path d="${bag}" fill="${p.base}" fill-rule="evenodd"/>`);
  f.push(`<path d="${bag}" fill="url(#form)" fill-rule="evenodd"/>`);
  const cl = clip(ctx, bag, true);
  const surface = finish(ctx, outer);
  if (surface) f.push(`<g clip-path="${cl}">${surface}</g>`);
  f.push(
    `<path d="${bag}" fill="none" stroke="${p.outline}" stroke-opacity="${p.outlineOpacity}" stroke-width="2.4"/>`,
  );
  f.push(
    `<g clip-path="${cl}">` +
      fold(`M-290 -60C-290 100 -220 300 -80 440`, 26, 1.1) +
      fold(`M290 -60C290 100 220 300 80 440`, 26, 1.1) +
      fold(`M-170 40C-130 170 -80 270 -20 330`, 18, 0.9) +
      fold(`M170 40C130 170 80 270 20 330`, 18, 0.9) +
      fold(`M-70 -400C-170 -340 -260 -220 -310 -70`, 12, 0.7) +
      fold(`M70 -400C170 -340 260 -220 310 -70`, 12, 0.7, 1) +
      `</g>`,
  );
  // top-stitching along the opening and the strap edges
  f.push(stitch(`M-266 -18C-150 68 150 68 266 -18`, p.thread, { w: 1.8 }));
  f.push(stitch(`M-26 -392C-120 -380 -236 -270 -296 -40`, p.thread, { w: 1.6 }));
  f.push(stitch(`M26 -392C120 -380 236 -270 296 -40`, p.thread, { w: 1.6 }));
  f.push(stitch(`M-26 -424C-124 -414 -250 -300 -326 -80`, p.thread, { w: 1.6 }));
  f.push(stitch(`M26 -424C124 -414 250 -300 326 -80`, p.thread, { w: 1.6 }));
  // gathered seams where the strap meets the body, with a metal ring on one side
  for (const sx of [-1, 1]) {
    f.push(seam(`M${sx * 284} -44C${sx * 306} -56 ${sx * 326} -70 ${sx * 340} -80`, p, 2.4, 0.6));
  }
  f.push(
    `<ellipse cx="306" cy="-128" rx="30" ry="12" transform="rotate(-64 306 -128)" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="8"/>`,
  );
  f.push(
    `<ellipse cx="304" cy="-132" rx="30" ry="12" transform="rotate(-64 304 -132)" fill="none" stroke="url(#mt)" stroke-width="7"/>`,
  );
  const c = composeBag(
    ctx,
    { tw: 640, bw: 640, h: 480, rb: 160, depth: 90, top: 'none', extrude: bag },
    '',
    f.join(''),
    liningOf(ctx),
  );
  return {
    svg: c.svg,
    box: [c.x0 - 10, -440 + Math.min(0, c.dy), c.x1 + 10, 474],
    ground: 474,
    shadowW: (c.x1 - c.x0) / 2,
    detail: { x: c.X(200), y: -60, zoom: 2.5 },
    kind: 'bag',
  };
}

// -------------------------------------------------------------- backpack

export function drawBackpack(ctx: DrawCtx): Drawing {
  const { p, m } = ctx;
  const w = 500;
  const h = 600;
  const top = -40;
  const body = `M${-w / 2 + 40} ${h}Q${-w / 2} ${h} ${-w / 2} ${h - 40}V140C${-w / 2} 0 -150 ${top} 0 ${top}C150 ${top} ${w / 2} 0 ${w / 2} 140V${h - 40}Q${w / 2} ${h} ${w / 2 - 40} ${h}Z`;
  const back: string[] = [];
  for (const s of [-1, 1]) {
    const d = `M${s * 120} 0C${s * 220} 40 ${s * 300} 260 ${s * 282} 540`;
    back.push(rolledStrap(d, { ...p, base: p.lo, hi: p.base, hi2: p.hi }, 64, { flat: true }));
    back.push(buckle(s * 288, 420, 46, 40, m, s * -6));
  }
  const f: string[] = [];
  f.push(rolledStrap(`M-50 ${top + 12}C-56 ${top - 110} 56 ${top - 110} 50 ${top + 12}`, p, 22));
  f.push(shaded(body, p, { texture: finish(ctx, body) }));
  const zipD = `M${-w / 2 + 34} 300V150C${-w / 2 + 34} 30 -140 ${top + 34} 0 ${top + 34}C140 ${top + 34} ${w / 2 - 34} 30 ${w / 2 - 34} 150V300`;
  f.push(zipper(zipD, m, darken(p.base, 0.45), 0.9));
  f.push(zipPull(-w / 2 + 38, 220, 1.1, 8, p.base) + zipPull(w / 2 - 38, 240, 1.1, -6, p.base));
  const pocket = `M-190 330Q-190 300 -160 300H160Q190 300 190 330V${h - 40}Q190 ${h - 20} 170 ${h - 20}H-170Q-190 ${h - 20} -190 ${h - 40}Z`;
  f.push(softShadow(pocket, 4, 10, 0.35));
  f.push(shaded(pocket, p, {}));
  f.push(
    stitch(
      `M-176 340Q-176 316 -150 316H150Q176 316 176 340V${h - 44}Q176 ${h - 34} 160 ${h - 34}H-160Q-176 ${h - 34} -176 ${h - 44}Z`,
      p.thread,
      { w: 1.8 },
    ),
  );
  f.push(zipper(`M-150 360H150`, m, darken(p.base, 0.45), 0.8));
  f.push(zipPull(120, 360, 1.1, 0, p.base));
  f.push(plaque(0, 440, 80, 20));
  f.push(fold(`M-220 160C-200 260 -210 380 -215 500`, 14, 0.8));
  const c = composeBag(
    ctx,
    { tw: w, bw: w, h, rb: 40, depth: 150, top: 'none', gy0: 120 },
    back.join(''),
    f.join(''),
    liningOf(ctx),
  );
  return {
    svg: c.svg,
    box: [c.x0 - 50, -130 + Math.min(0, c.dy), c.x1 + 50, h],
    ground: h,
    shadowW: (c.x1 - c.x0) / 2 + 20,
    detail: { x: c.X(110), y: 370, zoom: 2.6 },
    kind: 'bag',
  };
}

// ---------------------------------------------------------------- bucket

export function drawBucket(ctx: DrawCtx): Drawing {
  const { p } = ctx;
  const tw = 400;
  const bw = 470;
  const h = 540;
  // the angled view is shot from higher up: more of the opening, strap swung round
  const ry = ctx.angled ? 84 : 46;
  const swing = ctx.angled ? 70 : 0;
  const body = `M${-tw / 2} 0C${-tw / 2 + 20} ${ry} ${tw / 2 - 20} ${ry} ${tw / 2} 0L${bw / 2} ${h - ry}C${bw / 2} ${h + ry * 0.5} ${-bw / 2} ${h + ry * 0.5} ${-bw / 2} ${h - ry}Z`;
  const f: string[] = [];
  const strapPts = cubicPts(
    [-tw / 2 + 6, 60],
    [-260 + swing, -420],
    [260 + swing, -420],
    [tw / 2 - 6, 60],
    30,
  );
  f.push(flatStrapAlong(strapPts, 30, p));
  const rim = `M${-tw / 2} 0C${-tw / 2 + 20} ${-ry} ${tw / 2 - 20} ${-ry} ${tw / 2} 0C${tw / 2 - 20} ${ry} ${-tw / 2 + 20} ${ry} ${-tw / 2} 0Z`;
  f.push(`<path d="${rim}" fill="${liningOf(ctx)}"/>`);
  f.push(`<path d="${rim}" fill="url(#form)"/>`);
  f.push(
    `<path d="M${-tw / 2} 0C${-tw / 2 + 20} ${-ry} ${tw / 2 - 20} ${-ry} ${tw / 2} 0" fill="none" stroke="${p.hi}" stroke-width="7"/>`,
  );
  f.push(shaded(body, p, { texture: finish(ctx, body) }));
  f.push(`<path d="${body}" fill="url(#cyl)"/>`);
  const pleats: string[] = [];
  for (let i = -4; i <= 4; i++) {
    const x = i * 44;
    pleats.push(
      fold(
        `M${x} ${30 + ry * 0.4}C${x * 1.02} ${80 + ry * 0.4} ${x * 1.06} ${120 + ry * 0.4} ${x * 1.08} ${170 + ry * 0.4}`,
        9,
        1,
      ),
    );
  }
  f.push(`<g clip-path="${clip(ctx, body)}">${pleats.join('')}</g>`);
  f.push(
    seam(
      `M${-bw / 2 + 6} ${h - 70}C${-bw / 2 + 40} ${h - 20} ${bw / 2 - 40} ${h - 20} ${bw / 2 - 6} ${h - 70}`,
      p,
      2.2,
      0.5,
    ),
  );
  f.push(
    stitch(
      `M${-bw / 2 + 10} ${h - 56}C${-bw / 2 + 44} ${h - 8} ${bw / 2 - 44} ${h - 8} ${bw / 2 - 10} ${h - 56}`,
      p.thread,
      { w: 1.8 },
    ),
  );
  const ey: Array<[number, number]> = [];
  for (let i = 0; i < 8; i++) {
    const t = (i + 0.5) / 8;
    ey.push([-tw / 2 + 18 + t * (tw - 36), 36 + Math.sin(t * Math.PI) * (ry * 0.6)]);
  }
  for (const [x, y] of ey) {
    f.push(
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="11" ry="9" fill="${p.lo2}"/>` +
        `<ellipse cx="${n(x)}" cy="${n(y)}" rx="11" ry="9" fill="none" stroke="url(#mt)" stroke-width="5"/>`,
    );
  }
  const cordCol = p.isDark ? lighten(p.base, 0.2) : darken(p.base, 0.15);
  const cord = ey.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${n(x)} ${n(y + (i % 2 ? 3 : -3))}`).join('');
  f.push(
    `<path d="${cord}" fill="none" stroke="${cordCol}" stroke-width="7" stroke-dasharray="30 22" stroke-dashoffset="10" stroke-linecap="round"/>`,
  );
  const cy0 = 40 + ry * 0.6;
  const cordPal = {
    ...p,
    base: cordCol,
    lo: darken(cordCol, 0.35),
    hi: lighten(cordCol, 0.3),
    hi2: lighten(cordCol, 0.5),
  };
  f.push(
    rolledStrap(`M-20 ${cy0}C-40 ${cy0 + 60} -30 ${cy0 + 120} -44 ${cy0 + 180}`, cordPal, 9, { flat: true }),
  );
  f.push(
    rolledStrap(`M20 ${cy0}C34 ${cy0 + 70} 46 ${cy0 + 130} 40 ${cy0 + 190}`, cordPal, 9, { flat: true }),
  );
  for (const [x, y] of [
    [-44, cy0 + 180],
    [40, cy0 + 190],
  ] as const) {
    const tassel = `M${x - 7} ${y + 34}L${x - 14} ${y + 82}H${x + 14}L${x + 7} ${y + 34}Z`;
    f.push(
      `<path d="M${x - 9} ${y}H${x + 9}L${x + 6} ${y + 34}H${x - 6}Z" fill="url(#mt)"/>` +
        `<path d="${tassel}" fill="${p.base}"/><path d="${tassel}" fill="url(#sheen)"/>` +
        `<path d="M${x - 4} ${y + 40}L${x - 7} ${y + 80}M${x + 3} ${y + 40}L${x + 6} ${y + 80}" stroke="${p.lo2}" stroke-width="1.5" stroke-opacity="0.6"/>`,
    );
  }
  f.push(
    `<rect x="-14" y="${n(cy0 - 10)}" width="28" height="24" rx="8" fill="${p.lo}" stroke="${p.outline}" stroke-opacity="0.4"/>` +
      `<rect x="-14" y="${n(cy0 - 10)}" width="28" height="24" rx="8" fill="url(#sheen)"/>`,
  );
  return {
    svg: f.join(''),
    box: [-bw / 2 - 20, -300 - ry * 0.3, bw / 2 + 20 + swing * 0.3, h + ry * 0.4],
    ground: h + ry * 0.3,
    shadowW: bw / 2 + 10,
    detail: { x: -30, y: 110, zoom: 2.5 },
    kind: 'bag',
  };
}

// --------------------------------------------------------------- evening

export function drawEvening(ctx: DrawCtx): Drawing {
  const { p, m, rng } = ctx;
  const w = 440;
  const h = 270;
  const body = `M${-w / 2} 36H${w / 2}C${w / 2 + 26} 110 ${w / 2 + 14} ${h - 60} ${w / 2 - 50} ${h - 4}Q0 ${h + 14} ${-w / 2 + 50} ${h - 4}C${-w / 2 - 14} ${h - 60} ${-w / 2 - 26} 110 ${-w / 2} 36Z`;
  // Sequins or satin pleats unless the bag's own surface is known (crystals, velvet, aso-oke).
  const sequins = ctx.finish ? ctx.finish === 'sequin' : rng() < 0.5;
  const pleated = ctx.finish ? ctx.finish === 'pleats' : !sequins;
  const f: string[] = [];
  // chain shoulder strap, links following a tall loop
  const links = cubicPts([-w / 2 + 16, 30], [-w / 2 - 60, -520], [w / 2 + 60, -520], [w / 2 - 16, 30], 64);
  f.push(chainLinks(links, m));
  f.push(shaded(body, p, { texture: finish(ctx, body, sequins ? 'sequin' : 'pleats') }));
  if (pleated) {
    const cl = clip(ctx, body);
    const pl: string[] = [];
    for (let i = -7; i <= 7; i++)
      pl.push(fold(`M${i * 6} 40Q${i * 28} 160 ${i * 48} ${h + 20}`, 10, 1.2, i < 0 ? -1 : 1));
    f.push(`<g clip-path="${cl}">${pl.join('')}</g>`);
  }
  const frame = `M${-w / 2 - 10} 24Q0 0 ${w / 2 + 10} 24V46Q0 24 ${-w / 2 - 10} 46Z`;
  f.push(softShadow(frame, 2, 6, 0.5));
  f.push(`<path d="${frame}" fill="url(#mt)" stroke="${m.deep}" stroke-opacity="0.5" stroke-width="1.5"/>`);
  f.push(
    `<path d="M${-w / 2 - 4} 27Q0 4 ${w / 2 + 4} 27" fill="none" stroke="${m.light}" stroke-width="2"/>`,
  );
  for (let i = 0; i < 15; i++) {
    const t = (i + 0.5) / 15;
    const x = -w / 2 + t * w;
    const y = 35 - Math.sin(t * Math.PI) * 11;
    f.push(
      `<circle cx="${n(x)}" cy="${n(y)}" r="5.2" fill="${m.deep}"/><circle cx="${n(x)}" cy="${n(y)}" r="4" fill="#eef3f8"/>` +
        `<circle cx="${n(x - 1.3)}" cy="${n(y - 1.3)}" r="1.6" fill="#fff"/>`,
    );
  }
  f.push(rivet(-15, 2, 15) + rivet(15, 2, 15));
  f.push(
    `<circle cx="-15" cy="2" r="15" fill="none" stroke="${m.deep}" stroke-opacity="0.45" stroke-width="1.5"/><circle cx="15" cy="2" r="15" fill="none" stroke="${m.deep}" stroke-opacity="0.45" stroke-width="1.5"/>`,
  );
  f.push(`<path d="M-10 22V34M10 22V34" stroke="${m.mid}" stroke-width="6"/>`);
  const c = composeBag(
    ctx,
    { tw: w, bw: w - 100, h, rb: 120, depth: 48, top: 'none', gy0: 46, extrude: body },
    '',
    f.join(''),
    liningOf(ctx),
  );
  return {
    svg: c.svg,
    box: [c.x0 - 40, -420 + Math.min(0, c.dy), c.x1 + 40, h + 14],
    ground: h + 12,
    shadowW: (c.x1 - c.x0) / 2 - 10,
    detail: { x: c.X(0), y: 40, zoom: 3 },
    kind: 'bag',
  };
}
