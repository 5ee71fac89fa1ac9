/**
 * Fabric and leather textures, drawn as direct geometry clipped to a shape.
 *
 * SVG <pattern> fills are avoided on purpose: librsvg renders them through a slow
 * resampling path whenever the pattern is scaled by a non-trivial transform
 * (~100 ms per large fill). Plain clipped paths cost a few milliseconds, and the
 * geometry is culled to the visible part of the product in close-up views.
 */
import { darken, lighten, mix } from './color.js';
import { clip, n, type Box, type DrawCtx, type TextureName } from './svg-kit.js';

/** Bounding box of SVG path data (control points included, which is fine for clipping). */
export function pathBox(d: string): Box {
  const tokens = d.match(/[a-zA-Z]|-?\d*\.?\d+(?:e[-+]?\d+)?/g) ?? [];
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let cx = 0;
  let cy = 0;
  let sx = 0;
  let sy = 0;
  let cmd = 'M';
  let i = 0;
  const num = (): number => Number(tokens[i++] ?? 0);
  const add = (x: number, y: number): void => {
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  };
  while (i < tokens.length) {
    const t = tokens[i] ?? '';
    if (/[a-zA-Z]/.test(t)) {
      cmd = t;
      i++;
      if (cmd === 'Z' || cmd === 'z') {
        cx = sx;
        cy = sy;
      }
      continue;
    }
    const rel = cmd === cmd.toLowerCase();
    const C = cmd.toUpperCase();
    const bx = rel ? cx : 0;
    const by = rel ? cy : 0;
    if (C === 'H') {
      cx = bx + num();
      add(cx, cy);
    } else if (C === 'V') {
      cy = by + num();
      add(cx, cy);
    } else if (C === 'M' || C === 'L' || C === 'T') {
      cx = bx + num();
      cy = by + num();
      add(cx, cy);
      if (C === 'M') {
        sx = cx;
        sy = cy;
        cmd = rel ? 'l' : 'L';
      }
    } else if (C === 'Q' || C === 'S') {
      add(bx + num(), by + num());
      cx = bx + num();
      cy = by + num();
      add(cx, cy);
    } else if (C === 'C') {
      add(bx + num(), by + num());
      add(bx + num(), by + num());
      cx = bx + num();
      cy = by + num();
      add(cx, cy);
    } else if (C === 'A') {
      const rx = num();
      const ry = num();
      i += 3;
      const ex = bx + num();
      const ey = by + num();
      add(cx - rx, cy - ry);
      add(cx + rx, cy + ry);
      add(ex - rx, ey - ry);
      add(ex + rx, ey + ry);
      cx = ex;
      cy = ey;
    } else {
      i++;
    }
  }
  if (!Number.isFinite(x0)) return [0, 0, 0, 0];
  return [x0, y0, x1, y1];
}

/** Integer hash → [0, 1) for lattice-stable jitter (same pebble in every view). */
function hash2(i: number, j: number, salt: number): number {
  let h = (Math.imul(i, 374761393) + Math.imul(j, 668265263) + Math.imul(salt, 2246822519)) | 0;
  h = Math.imul(h ^ (h >>> 15), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** Hexagon as path data: reads as a round sequin but rasterises much faster than arcs. */
const hexagon = (cx: number, cy: number, r: number): string => {
  const k = r * 0.866;
  return `M${n(cx - r)} ${n(cy)}L${n(cx - r / 2)} ${n(cy - k)}H${n(cx + r / 2)}L${n(cx + r)} ${n(cy)}L${n(cx + r / 2)} ${n(cy + k)}H${n(cx - r / 2)}Z`;
};

const strokeP = (d: string, color: string, w: number, o: number, extra = ''): string =>
  d
    ? `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(w)}" stroke-opacity="${o}"${extra}/>`
    : '';
const fillP = (d: string, color: string, o: number): string =>
  d ? `<path d="${d}" fill="${color}" fill-opacity="${o}"/>` : '';

/** Lines at `spacing` along a direction (angle in degrees, 0 = horizontal) covering box b. */
function hatch(b: Box, spacing: number, angleDeg: number, phase = 0): string {
  const [x0, y0, x1, y1] = b;
  const a = (angleDeg * Math.PI) / 180;
  const dx = Math.cos(a);
  const dy = Math.sin(a);
  // normal direction
  const nx = -dy;
  const ny = dx;
  const corners: Array<[number, number]> = [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1],
  ];
  const proj = corners.map(([x, y]) => x * nx + y * ny);
  const along = corners.map(([x, y]) => x * dx + y * dy);
  const kMin = Math.floor((Math.min(...proj) - phase) / spacing);
  const kMax = Math.ceil((Math.max(...proj) - phase) / spacing);
  const tMin = Math.min(...along);
  const tMax = Math.max(...along);
  const out: string[] = [];
  for (let k = kMin; k <= kMax; k++) {
    const o = k * spacing + phase;
    out.push(
      `M${n(o * nx + tMin * dx)} ${n(o * ny + tMin * dy)}L${n(o * nx + tMax * dx)} ${n(o * ny + tMax * dy)}`,
    );
  }
  return out.join('');
}

type Gen = (b: Box, ctx: DrawCtx) => string;

/**
 * Spacing multiplier for fine weaves: keeps threads ≈ 5–8 output pixels apart, so a
 * close-up shows a finer weave instead of magnified stripes.
 */
const fineK = (ctx: DrawCtx): number => Math.max(0.45, Math.min(1, 1.7 / (ctx.pxPerUnit ?? 1)));

/** Horizontal + vertical line set; axis-aligned edges are almost free for the rasteriser. */
function grid(b: Box, sx: number, sy: number, phx = 0, phy = 0): { h: string; v: string } {
  const h: string[] = [];
  const v: string[] = [];
  if (sy > 0)
    for (let y = Math.floor(b[1] / sy) * sy + phy; y < b[3]; y += sy)
      h.push(`M${n(b[0])} ${n(y)}H${n(b[2])}`);
  if (sx > 0)
    for (let x = Math.floor(b[0] / sx) * sx + phx; x < b[2]; x += sx)
      v.push(`M${n(x)} ${n(b[1])}V${n(b[3])}`);
  return { h: h.join(''), v: v.join('') };
}

const inkOf = (ctx: DrawCtx, k = 0.5): string =>
  ctx.p.isDark ? lighten(ctx.p.base, 0.3) : darken(ctx.p.base, k);

/*
 * Cost model (librsvg/cairo): axis-aligned lines and rectangles are nearly free,
 * diagonal lines cost ~0.15 ms per 1000 px, dashes ~1 µs each, round-capped dot
 * dashes are pathological. Generators stick to axis-aligned geometry where they can.
 */
const gens: Record<TextureName, Gen> = {
  weave: (b, ctx) => {
    const { p } = ctx;
    const k = fineK(ctx);
    const g = grid(b, 4.6 * k, 4.6 * k, 2.3 * k, 0);
    return (
      strokeP(g.h, inkOf(ctx), 1.1 * k, p.isLight ? 0.08 : 0.11) + strokeP(g.v, lighten(p.base, 0.6), k, 0.1)
    );
  },
  linen: (b, ctx) => {
    const { p } = ctx;
    const k = fineK(ctx);
    const s = 4.5 * k;
    const slubs: string[] = [];
    for (let j = Math.floor(b[1] / s); j <= Math.ceil(b[3] / s); j++) {
      for (let i = Math.floor(b[0] / 60); i <= Math.ceil(b[2] / 60); i++) {
        if (hash2(i, j, 9) < 0.5) continue;
        const x = i * 60 + hash2(i, j, 10) * 40;
        slubs.push(`M${n(x)} ${n(j * s)}h${n(6 + hash2(i, j, 11) * 24)}`);
      }
    }
    const g = grid(b, s, s, 2 * k, 0);
    return (
      strokeP(g.h, inkOf(ctx, 0.45), 1.1 * k, 0.08) +
      strokeP(g.v, lighten(p.base, 0.6), k, 0.1) +
      strokeP(slubs.join(''), inkOf(ctx, 0.45), 1.7 * k, 0.06)
    );
  },
  wool: (b, ctx) => {
    // fine worsted suiting: faint vertical warp with a softer weft
    const { p } = ctx;
    const k = fineK(ctx);
    const g = grid(b, 3.6 * k, 5 * k, 0, 0);
    return (
      strokeP(g.v, inkOf(ctx), 1.1 * k, p.isDark ? 0.16 : 0.1) +
      strokeP(g.h, lighten(p.base, 0.5), 0.9 * k, p.isDark ? 0.06 : 0.07)
    );
  },
  denim: (b, ctx) => {
    const { p } = ctx;
    const ppu = ctx.pxPerUnit ?? 1;
    const streaks: string[] = [];
    for (let j = Math.floor(b[1] / 40); j <= Math.ceil(b[3] / 40); j++) {
      for (let i = Math.floor(b[0] / 7); i <= Math.ceil(b[2] / 7); i++) {
        if (hash2(i, j, 21) < 0.55) continue;
        streaks.push(
          `M${n(i * 7 + hash2(i, j, 22) * 5)} ${n(j * 40 + hash2(i, j, 23) * 20)}v${n(8 + hash2(i, j, 24) * 28)}`,
        );
      }
    }
    const slubs = strokeP(streaks.join(''), lighten(p.base, 0.75), 1.4, 0.14);
    // the diagonal twill is the expensive part: only in closer views, ~7 px apart on screen
    if (ppu < 1.5) return slubs;
    const sp = Math.max(5.5 * fineK(ctx), 7 / ppu);
    return strokeP(hatch(b, sp, -64), lighten(p.base, 0.55), sp * 0.3, 0.2) + slubs;
  },
  rib: (b, ctx) => {
    const { p } = ctx;
    const dk = p.isDark ? '#000' : darken(p.base, 0.5);
    const r: string[] = [];
    const h: string[] = [];
    for (let x = Math.floor(b[0] / 5) * 5; x < b[2]; x += 5) {
      r.push(`M${n(x)} ${n(b[1])}h2.2v${n(b[3] - b[1])}h-2.2Z`);
      h.push(`M${n(x + 3.6)} ${n(b[1])}V${n(b[3])}`);
    }
    return (
      fillP(r.join(''), dk, p.isDark ? 0.3 : 0.13) +
      strokeP(h.join(''), lighten(p.base, 0.6), 1.1, p.isDark ? 0.09 : 0.12)
    );
  },
  pique: (b, ctx) => {
    // waffle-like honeycomb: paired fine lines in both directions
    const { p } = ctx;
    const k = fineK(ctx);
    const g1 = grid(b, 6 * k, 6 * k);
    const g2 = grid(b, 6 * k, 6 * k, 2 * k, 2 * k);
    // h and v sets stay in separate <path>s: crossing segments inside one path send
    // cairo's tessellator into intersection handling (~10x slower)
    const o = p.isLight ? 0.08 : 0.11;
    return (
      strokeP(g1.h, inkOf(ctx), 1.2 * k, o) +
      strokeP(g1.v, inkOf(ctx), 1.2 * k, o) +
      strokeP(g2.h, lighten(p.base, 0.6), 0.9 * k, 0.08) +
      strokeP(g2.v, lighten(p.base, 0.6), 0.9 * k, 0.08)
    );
  },
  jersey: (b, ctx) => {
    const { p } = ctx;
    const k = fineK(ctx);
    return strokeP(grid(b, 4 * k, 0).v, inkOf(ctx), k, p.isDark ? 0.12 : 0.07);
  },
  knit: (b, ctx) => {
    const { p } = ctx;
    const dk = p.isDark ? '#000' : darken(p.base, 0.55);
    const ppu = ctx.pxPerUnit ?? 1;
    const w = 13;
    if (ppu < 2.5) {
      // at hero / half-body scale stockinette reads as soft vertical columns; the
      // V-stitch zigzags (diagonal, costly) are kept for the close-up
      const g = grid(b, w, 0);
      const hi = grid(b, w, 0, w / 2);
      return (
        strokeP(g.v, dk, 3, p.isDark ? 0.3 : 0.12) +
        strokeP(hi.v, lighten(p.base, 0.5), 3, p.isDark ? 0.08 : 0.1)
      );
    }
    const rows: string[] = [];
    const h = 11;
    const xs = Math.floor(b[0] / w) * w;
    for (let y = Math.floor(b[1] / h) * h; y < b[3]; y += h) {
      let d = `M${n(xs)} ${n(y)}`;
      for (let x = xs; x < b[2]; x += w) d += `L${n(x + w / 2)} ${n(y + h)}L${n(x + w)} ${n(y)}`;
      rows.push(d);
    }
    return (
      strokeP(rows.join(''), dk, 3, p.isDark ? 0.45 : 0.2, ' stroke-linejoin="round"') +
      strokeP(grid(b, w, 0, w / 2).v, lighten(p.base, 0.55), 2.2, p.isDark ? 0.1 : 0.14)
    );
  },
  cable: (b, ctx) => {
    const { p } = ctx;
    const dk = p.isDark ? '#000' : darken(p.base, 0.55);
    const lt = lighten(p.base, 0.5);
    const cw = 96;
    const ph = 84;
    const under: string[] = [];
    const over: string[] = [];
    const purl: string[] = [];
    const y0 = Math.floor(b[1] / ph) * ph;
    for (let x = Math.floor(b[0] / cw) * cw; x < b[2]; x += cw) {
      const a = x + 36;
      const c = x + 60;
      let du = '';
      let dov = '';
      for (let y = y0; y < b[3]; y += ph) {
        du += `M${a} ${y}C${a} ${y + 21} ${c} ${y + 21} ${c} ${y + 42}C${c} ${y + 56} ${c + 4} ${y + 70} ${c} ${y + 84}`;
        dov += `M${c} ${y}C${c} ${y + 21} ${a} ${y + 21} ${a} ${y + 42}C${a} ${y + 56} ${a - 4} ${y + 70} ${a} ${y + 84}`;
      }
      under.push(du);
      over.push(dov);
      purl.push(`M${x + 12} ${n(b[1])}V${n(b[3])}M${x + 84} ${n(b[1])}V${n(b[3])}`);
    }
    return (
      strokeP(under.join(''), dk, 18, p.isDark ? 0.4 : 0.16) +
      strokeP(under.join(''), lt, 7, 0.12, ' transform="translate(-2 -2)"') +
      strokeP(over.join(''), dk, 20, p.isDark ? 0.45 : 0.18) +
      strokeP(over.join(''), lt, 8, p.isDark ? 0.12 : 0.2, ' transform="translate(-2 -2)"') +
      strokeP(purl.join(''), dk, 7, p.isDark ? 0.3 : 0.1)
    );
  },
  tiepat: (b, ctx) => {
    const { p } = ctx;
    const motif = mix(ctx.accent, p.base, 0.2);
    const s = 30;
    const dots: string[] = [];
    const hi: string[] = [];
    for (let j = Math.floor(b[1] / s); j <= Math.ceil(b[3] / s); j++) {
      for (let i = Math.floor(b[0] / s); i <= Math.ceil(b[2] / s); i++) {
        const x = i * s + (j % 2 ? s / 2 : 0);
        const y = j * s;
        dots.push(`M${n(x)} ${n(y - 5)}L${n(x + 5)} ${n(y)}L${n(x)} ${n(y + 5)}L${n(x - 5)} ${n(y)}Z`);
        hi.push(`M${n(x - 2)} ${n(y - 2)}h2v2h-2Z`);
      }
    }
    return (
      strokeP(hatch(b, 22, -40), lighten(p.base, p.isDark ? 0.25 : 0.18), 7, 0.3) +
      strokeP(grid(b, 0, 3 * fineK(ctx)).h, darken(p.base, 0.4), 0.8, 0.1) +
      fillP(dots.join(''), motif, 0.95) +
      fillP(hi.join(''), lighten(motif, 0.6), 0.7)
    );
  },
  sequin: (b, ctx) => {
    // overlapping sequins in three tones of the product colour, with glints
    const { p } = ctx;
    const tones: string[][] = [[], [], []];
    const glint: string[] = [];
    const sx = 12;
    const sy = 10.5;
    for (let j = Math.floor(b[1] / sy); j <= Math.ceil(b[3] / sy); j++) {
      for (let i = Math.floor(b[0] / sx); i <= Math.ceil(b[2] / sx); i++) {
        const x = i * sx + (j % 2 ? sx / 2 : 0);
        const y = j * sy;
        const v = hash2(i, j, 31);
        tones[v < 0.3 ? 0 : v < 0.75 ? 1 : 2]?.push(hexagon(x, y, 5.8));
        if (v < 0.3) glint.push(hexagon(x - 1.8, y - 1.8, v < 0.1 ? 2.2 : 1.4));
      }
    }
    const hiTone = lighten(p.base, p.isDark ? 0.35 : 0.45);
    const loTone = darken(p.base, 0.4);
    return (
      fillP(tones[0]?.join('') ?? '', hiTone, 0.8) +
      fillP(tones[1]?.join('') ?? '', lighten(p.base, 0.12), 0.55) +
      fillP(tones[2]?.join('') ?? '', loTone, 0.6) +
      fillP(glint.join(''), '#ffffff', 0.8)
    );
  },
  pleats: (b, ctx) => {
    // fine horizontal sheen lines of a satin weave, only visible up close
    const { p } = ctx;
    return strokeP(
      grid(b, 0, 4 * fineK(ctx)).h,
      lighten(p.base, 0.6),
      0.8 * fineK(ctx),
      p.isDark ? 0.06 : 0.05,
    );
  },
  croc: (b, ctx) => {
    // embossed crocodile: rows of irregular rectangular scales with deep grooves and lit crowns
    const { p } = ctx;
    const dk = p.isDark ? '#000' : darken(p.base, 0.6);
    const scales: string[] = [];
    const crowns: string[] = [];
    const rowH = 24;
    for (let j = Math.floor(b[1] / rowH); j <= Math.ceil(b[3] / rowH); j++) {
      const y = j * rowH;
      let x = Math.floor(b[0] / 60) * 60 - hash2(0, j, 41) * 40;
      let i = 0;
      while (x < b[2]) {
        const w = 18 + hash2(i, j, 42) * 30;
        // Scales differ a little in height and sit a little off the row, as on a real hide.
        const top = y + 1 + hash2(i, j, 43) * 3;
        const h = rowH - 3 - hash2(i, j, 44) * 4;
        const r = Math.min(8, w / 3);
        i++;
        scales.push(
          `M${n(x + 2 + r)} ${n(top)}h${n(w - 4 - 2 * r)}q${n(r)} 0 ${n(r)} ${n(r)}v${n(h - 2 * r)}q0 ${n(r)} ${n(-r)} ${n(r)}` +
            `h${n(4 + 2 * r - w)}q${n(-r)} 0 ${n(-r)} ${n(-r)}v${n(2 * r - h)}q0 ${n(-r)} ${n(r)} ${n(-r)}Z`,
        );
        crowns.push(`M${n(x + 2 + r)} ${n(top + 3)}h${n(Math.max(2, w - 4 - 2 * r))}`);
        x += w;
      }
    }
    return (
      strokeP(scales.join(''), dk, 3, p.isDark ? 0.45 : 0.24) +
      strokeP(crowns.join(''), lighten(p.base, 0.55), 2.5, p.isDark ? 0.12 : 0.16)
    );
  },
  pebble: (b, ctx) => {
    // pebbled grain: a jittered field of small rounded bumps, shadowed below and lit above
    const { p } = ctx;
    const shade: string[] = [];
    const light: string[] = [];
    const s = 13;
    for (let j = Math.floor(b[1] / s); j <= Math.ceil(b[3] / s); j++) {
      for (let i = Math.floor(b[0] / s); i <= Math.ceil(b[2] / s); i++) {
        const x = i * s + hash2(i, j, 51) * 7;
        const y = j * s + hash2(i, j, 52) * 7;
        const r = 3.4 + hash2(i, j, 53) * 2.4;
        shade.push(hexagon(x + 1.2, y + 1.6, r));
        light.push(hexagon(x - 1, y - 1.2, r * 0.55));
      }
    }
    return (
      fillP(shade.join(''), p.isDark ? '#000' : darken(p.base, 0.5), p.isDark ? 0.35 : 0.14) +
      fillP(light.join(''), lighten(p.base, 0.6), p.isDark ? 0.1 : 0.16)
    );
  },
  saffiano: (b, ctx) => {
    // saffiano: a fine cross-hatch pressed into the leather
    const { p } = ctx;
    const ink = p.isDark ? lighten(p.base, 0.35) : darken(p.base, 0.5);
    return (
      strokeP(hatch(b, 7, 45), ink, 1.4, p.isDark ? 0.22 : 0.14) +
      strokeP(hatch(b, 7, -45), ink, 1.4, p.isDark ? 0.22 : 0.14)
    );
  },
  quilt: (b, ctx) => {
    // diamond quilting: stitched grooves on two diagonals with pillowed leather between
    const { p } = ctx;
    const parts: string[] = [];
    for (const angle of [45, -45]) {
      const lines = hatch(b, 78, angle);
      parts.push(strokeP(lines, '#000', 22, 0.06), strokeP(lines, '#000', 6, p.isDark ? 0.3 : 0.14));
      parts.push(strokeP(lines, '#fff', 8, p.isDark ? 0.06 : 0.1, ' transform="translate(-6 -6)"'));
      parts.push(strokeP(lines, p.thread, 1.6, 0.55, ' stroke-dasharray="6 5"'));
    }
    return parts.join('');
  },
  basket: (b, ctx) => {
    // hand-woven raffia or aso-oke strips: alternating over-under blocks of three strands
    const { p } = ctx;
    const s = 24;
    const across: string[] = [];
    const down: string[] = [];
    const shadow: string[] = [];
    for (let j = Math.floor(b[1] / s); j <= Math.ceil(b[3] / s); j++) {
      for (let i = Math.floor(b[0] / s); i <= Math.ceil(b[2] / s); i++) {
        const x = i * s;
        const y = j * s;
        if ((i + j) % 2 === 0) {
          for (let k = 1; k < 3; k++) across.push(`M${x} ${y + k * 8}h${s}`);
          shadow.push(`M${x + s - 2} ${y}v${s}`);
        } else {
          for (let k = 1; k < 3; k++) down.push(`M${x + k * 8} ${y}v${s}`);
          shadow.push(`M${x} ${y + s - 2}h${s}`);
        }
      }
    }
    const ink = p.isDark ? '#000' : darken(p.base, 0.45);
    return (
      strokeP(across.join(''), ink, 1.6, 0.35) +
      strokeP(down.join(''), ink, 1.6, 0.35) +
      strokeP(shadow.join(''), ink, 4, 0.3) +
      strokeP(grid(b, s, s, 1, 1).h, lighten(p.base, 0.5), 2, 0.25)
    );
  },
  suede: (b, ctx) => {
    // suede's nap: soft, brushed patches a little lighter and darker than the hide
    const { p } = ctx;
    const lighter: string[] = [];
    const darker: string[] = [];
    const s = 36;
    for (let j = Math.floor(b[1] / s); j <= Math.ceil(b[3] / s); j++) {
      for (let i = Math.floor(b[0] / s); i <= Math.ceil(b[2] / s); i++) {
        const v = hash2(i, j, 61);
        const patch = hexagon(i * s + hash2(i, j, 62) * 20, j * s + hash2(i, j, 63) * 20, 14 + v * 16);
        (v < 0.5 ? lighter : darker).push(patch);
      }
    }
    return (
      fillP(lighter.join(''), lighten(p.base, 0.4), 0.12) +
      fillP(darker.join(''), darken(p.base, 0.4), 0.12) +
      strokeP(grid(b, 0, 5).h, darken(p.base, 0.3), 1, 0.05)
    );
  },
  canvas: (b, ctx) => {
    // cotton canvas: an open plain weave visible at arm's length
    const { p } = ctx;
    const g = grid(b, 6, 6, 3, 0);
    return (
      strokeP(g.h, darken(p.base, 0.4), 1.6, p.isDark ? 0.3 : 0.16) +
      strokeP(g.v, lighten(p.base, 0.5), 1.3, 0.2)
    );
  },
  beads: (b, ctx) => {
    // hand-stitched glass beads in rows, with an accent diamond motif
    const { p } = ctx;
    const plain: string[] = [];
    const motif: string[] = [];
    const glint: string[] = [];
    const s = 11;
    for (let j = Math.floor(b[1] / s); j <= Math.ceil(b[3] / s); j++) {
      for (let i = Math.floor(b[0] / s); i <= Math.ceil(b[2] / s); i++) {
        const x = i * s + (j % 2 ? s / 2 : 0);
        const y = j * s;
        const inMotif = Math.abs((((i % 12) + 12) % 12) - 6) + Math.abs((((j % 12) + 12) % 12) - 6) === 4;
        (inMotif ? motif : plain).push(hexagon(x, y, 4.6));
        glint.push(hexagon(x - 1.4, y - 1.4, 1.3));
      }
    }
    return (
      fillP(plain.join(''), darken(p.base, 0.25), 0.45) +
      fillP(motif.join(''), ctx.accent, 0.9) +
      fillP(glint.join(''), '#ffffff', 0.7)
    );
  },
  brushed: (b, ctx) => {
    // brushed metal shell: fine horizontal grain, alternately lit and dulled
    const { p } = ctx;
    return (
      strokeP(grid(b, 0, 5).h, lighten(p.base, 0.6), 1.2, 0.3) +
      strokeP(grid(b, 0, 5, 0, 2.5).h, darken(p.base, 0.35), 1, 0.22)
    );
  },
  adire: (b, ctx) => {
    // adire resist-dye: rows of pale tied circles and ladder lines on the indigo
    const { p } = ctx;
    const pale = mix(p.base, '#f2ecdf', p.isDark ? 0.55 : 0.35);
    const rings: string[] = [];
    const ladders: string[] = [];
    const s = 64;
    for (let j = Math.floor(b[1] / s); j <= Math.ceil(b[3] / s); j++) {
      for (let i = Math.floor(b[0] / s); i <= Math.ceil(b[2] / s); i++) {
        const x = i * s + (j % 2 ? s / 2 : 0);
        const y = j * s;
        if ((i + j) % 3 === 0)
          ladders.push(
            `M${x - 20} ${y - 20}h40M${x - 20} ${y - 8}h40M${x - 20} ${y + 4}h40M${x - 20} ${y + 16}h40`,
          );
        else rings.push(hexagon(x, y, 15), hexagon(x, y, 7));
      }
    }
    return strokeP(rings.join(''), pale, 3.5, 0.7) + strokeP(ladders.join(''), pale, 3, 0.55);
  },
  chalk: (b, ctx) => {
    // chalk stripe: soft pale stripes an inch apart on the worsted
    const { p } = ctx;
    const stripes = strokeP(grid(b, 26, 0).v, lighten(p.base, 0.7), 2.2, 0.32);
    return (ctx.pxPerUnit ?? 1) < (minPxPerUnit.wool ?? 0) ? stripes : stripes + gens.wool(b, ctx);
  },
  check: (b, ctx) => {
    // a quiet windowpane check
    const { p } = ctx;
    const g = grid(b, 44, 44);
    const ink = p.isDark ? lighten(p.base, 0.45) : darken(p.base, 0.35);
    return strokeP(g.v, ink, 2, 0.35) + strokeP(g.h, ink, 2, 0.35);
  },
};

const minPxPerUnit: Partial<Record<TextureName, number>> = {
  weave: 1.5,
  linen: 1.5,
  wool: 1.5,
  pique: 1.5,
  jersey: 1.5,
  pleats: 2,
};

/** Texture for the area of path `d`, clipped to it and culled to the visible region. */
export function tex(ctx: DrawCtx, drawn: TextureName, shape: string | readonly string[]): string {
  if (ctx.measuring) return '';
  // A product's own cloth (a chalk stripe for the suit's plain worsted) replaces the drawer's default.
  const name = ctx.textures?.[drawn] ?? drawn;
  // One simple path clip per shape: a multi-child (union) clipPath makes librsvg fall
  // back to a full-canvas mask, which costs ~100 ms.
  if (typeof shape !== 'string') return shape.map((d) => tex(ctx, drawn, d)).join('');
  const paths = [shape];
  // Fine weaves would only alias into moiré at hero scale, so they are reserved for
  // the closer views, where they sell the material.
  const ppu = ctx.pxPerUnit ?? 1;
  if (ppu < (minPxPerUnit[name] ?? 0)) return '';
  const boxes = paths.map(pathBox);
  let b: Box = [
    Math.min(...boxes.map((q) => q[0])),
    Math.min(...boxes.map((q) => q[1])),
    Math.max(...boxes.map((q) => q[2])),
    Math.max(...boxes.map((q) => q[3])),
  ];
  if (ctx.visible) {
    const v = ctx.visible;
    b = [Math.max(b[0], v[0]), Math.max(b[1], v[1]), Math.min(b[2], v[2]), Math.min(b[3], v[3])];
    if (b[2] <= b[0] || b[3] <= b[1]) return '';
  }
  const body = gens[name](b, ctx);
  if (!body) return '';
  return `<g clip-path="${clip(ctx, shape)}">${body}</g>`;
}

/** The surface of a bag's leather or cloth (croc, pebble grain, quilting…), or nothing for smooth leather. */
export function finish(ctx: DrawCtx, shape: string, fallback?: TextureName): string {
  const name = ctx.finish ?? fallback;
  return name && name !== 'smooth' ? tex(ctx, name, shape) : '';
}
