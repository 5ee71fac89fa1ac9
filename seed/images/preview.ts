/**
 * Renders every product shape in two colours and all three views into
 * /tmp/rossy-preview/ (WebP) plus a contact sheet /tmp/rossy-preview/sheet.png.
 *
 *   npx tsx seed/images/preview.ts            # everything
 *   npx tsx seed/images/preview.ts tote shirt # only some shapes
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import sharp from 'sharp';

import {
  IMAGE_HEIGHT,
  IMAGE_WIDTH,
  productShapes,
  renderProductImage,
  type ProductShape,
} from './render-product-image.js';

const OUT_DIR = '/tmp/rossy-preview';

/** Two representative colours per shape: one deep, one light or vivid. */
const previewColours: Record<ProductShape, readonly [string, string]> = {
  tote: ['#6b3a22', '#efe8dc'],
  shoulder: ['#111111', '#b98a5e'],
  crossbody: ['#7a1f2b', '#d9c8ad'],
  clutch: ['#1b1b1f', '#e7d3b5'],
  handbag: ['#f5f2ec', '#2c4a3b'],
  satchel: ['#8a4b24', '#1f2a44'],
  hobo: ['#a87b50', '#0e0e10'],
  backpack: ['#232629', '#8c6f57'],
  bucket: ['#5b3a29', '#c8b8a0'],
  evening: ['#c9a45c', '#101012'],
  shirt: ['#ffffff', '#9bb7d4'],
  suit: ['#1f2a44', '#4a4d52'],
  trousers: ['#c8b491', '#26303e'],
  blazer: ['#2d3a2e', '#7d1f2a'],
  jacket: ['#3a4a3a', '#101010'],
  polo: ['#1d2f5a', '#f2efe6'],
  tshirt: ['#fafafa', '#2b2b2b'],
  kaftan: ['#f3efe4', '#13325b'],
  agbada: ['#6a1330', '#e8dcc2'],
  knitwear: ['#8a6a4a', '#2a2f3a'],
  jeans: ['#243a63', '#14161c'],
  tie: ['#6b1a28', '#1c2d4f'],
};

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const shapes = productShapes.filter((s) => args.length === 0 || args.includes(s));
  await mkdir(OUT_DIR, { recursive: true });
  const thumbW = 150;
  const thumbH = Math.round((thumbW * IMAGE_HEIGHT) / IMAGE_WIDTH);
  const thumbs: Array<{ input: Buffer; left: number; top: number }> = [];
  const times: number[] = [];
  const perRow = 2;
  let idx = 0;
  for (const shape of shapes) {
    const colours = previewColours[shape];
    let col = 0;
    for (const [ci, colorHex] of colours.entries()) {
      for (const view of [0, 1, 2] as const) {
        const t0 = performance.now();
        const png = await renderProductImage({ shape, colorHex, view, seed: 11 + ci * 7 + idx });
        times.push(performance.now() - t0);
        const file = join(OUT_DIR, `${shape}-${ci}-v${view}.webp`);
        await sharp(png).webp({ quality: 86 }).toFile(file);
        const thumb = await sharp(png).resize(thumbW, thumbH).png().toBuffer();
        const slot = (idx % perRow) * 6 + col;
        thumbs.push({
          input: thumb,
          left: slot * (thumbW + 4) + (idx % perRow) * 16,
          top: Math.floor(idx / perRow) * (thumbH + 4),
        });
        col++;
      }
    }
    idx++;
  }
  const rows = Math.ceil(shapes.length / perRow);
  const sheetW = Math.min(shapes.length, perRow) * 6 * (thumbW + 4) + perRow * 16;
  const sheetH = rows * (thumbH + 4);
  const sheet = await sharp({
    create: { width: sheetW, height: sheetH, channels: 3, background: '#ffffff' },
  })
    .composite(thumbs)
    .png()
    .toBuffer();
  await writeFile(join(OUT_DIR, 'sheet.png'), sheet);
  const sorted = [...times].sort((a, b) => a - b);
  const avg = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
  const max = sorted[sorted.length - 1] ?? 0;
  console.log(
    `${times.length} images → ${OUT_DIR}; render+PNG ms/image: avg ${avg.toFixed(1)}, p95 ${p95.toFixed(1)}, max ${max.toFixed(1)}`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
