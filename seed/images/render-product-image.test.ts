import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { renderPlaceholderSvg } from './render-placeholder.js';
import {
  IMAGE_HEIGHT,
  IMAGE_WIDTH,
  productShapes,
  renderProductImage,
  renderProductSvg,
  type RenderProductImageInput,
} from './render-product-image.js';

const TIMEOUT = 120_000;

/** Raw RGB pixels of a centred window (where the product sits in every view). */
async function centreWindow(png: Buffer, size = 420): Promise<Buffer> {
  return sharp(png)
    .extract({
      left: Math.round((IMAGE_WIDTH - size) / 2),
      top: Math.round((IMAGE_HEIGHT - size) / 2),
      width: size,
      height: size,
    })
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** Mean absolute per-channel difference, 0…255. */
function meanAbsDiff(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

describe('renderProductImage', () => {
  it(
    'renders every shape as a 1200x1500 PNG without any text',
    async () => {
      for (const [i, shape] of productShapes.entries()) {
        const input: RenderProductImageInput = { shape, colorHex: '#1f2a44', view: 0, seed: i };
        const svg = renderProductSvg(input);
        expect(svg).not.toMatch(/<text|<tspan/);
        const png = await renderProductImage(input);
        const meta = await sharp(png).metadata();
        expect(meta.format, shape).toBe('png');
        expect(meta.width, shape).toBe(IMAGE_WIDTH);
        expect(meta.height, shape).toBe(IMAGE_HEIGHT);
      }
    },
    TIMEOUT,
  );

  it(
    'is deterministic for the same input',
    async () => {
      for (const shape of ['tote', 'kaftan', 'jeans'] as const) {
        const input: RenderProductImageInput = { shape, colorHex: '#7a1f2b', view: 2, seed: 42 };
        expect(renderProductSvg(input)).toBe(renderProductSvg(input));
        const [a, b] = await Promise.all([renderProductImage(input), renderProductImage(input)]);
        expect(a.equals(b), shape).toBe(true);
      }
    },
    TIMEOUT,
  );

  it(
    'produces different pixels in the product area for different colours',
    async () => {
      for (const shape of productShapes) {
        const base = { shape, view: 0 as const, seed: 7 };
        const dark = await centreWindow(await renderProductImage({ ...base, colorHex: '#1f2a44' }));
        const light = await centreWindow(await renderProductImage({ ...base, colorHex: '#e8dcc2' }));
        expect(meanAbsDiff(dark, light), shape).toBeGreaterThan(12);
      }
    },
    TIMEOUT,
  );

  it(
    'renders three visibly different views',
    async () => {
      for (const shape of productShapes) {
        const views = await Promise.all(
          ([0, 1, 2] as const).map(async (view) =>
            sharp(await renderProductImage({ shape, colorHex: '#8a4b24', view, seed: 3 }))
              .resize(120, 150)
              .removeAlpha()
              .raw()
              .toBuffer(),
          ),
        );
        const [v0, v1, v2] = views;
        if (!v0 || !v1 || !v2) throw new Error('missing view');
        expect(meanAbsDiff(v0, v1), `${shape} 0↔1`).toBeGreaterThan(3);
        expect(meanAbsDiff(v0, v2), `${shape} 0↔2`).toBeGreaterThan(3);
        expect(meanAbsDiff(v1, v2), `${shape} 1↔2`).toBeGreaterThan(3);
      }
    },
    TIMEOUT,
  );

  it('keeps very light and very dark products distinguishable from the backdrop', async () => {
    for (const colorHex of ['#ffffff', '#0a0a0a']) {
      const png = await renderProductImage({ shape: 'shirt', colorHex, view: 0, seed: 1 });
      const corner = await sharp(png)
        .extract({ left: 20, top: 20, width: 60, height: 60 })
        .removeAlpha()
        .raw()
        .toBuffer();
      const centre = await centreWindow(png, 60);
      expect(meanAbsDiff(corner, centre), colorHex).toBeGreaterThan(8);
    }
  });

  it('rejects unknown shapes and malformed colours', () => {
    expect(() =>
      renderProductSvg({
        shape: 'hat' as unknown as RenderProductImageInput['shape'],
        colorHex: '#000000',
        view: 0,
        seed: 1,
      }),
    ).toThrow(/Unknown product shape/);
    expect(() => renderProductSvg({ shape: 'tote', colorHex: 'navy', view: 0, seed: 1 })).toThrow(
      /Invalid colorHex/,
    );
  });
});

describe('renderPlaceholderSvg', () => {
  it('is a small text-free 4:5 SVG that matches public/images/placeholder.svg', async () => {
    const svg = renderPlaceholderSvg();
    expect(Buffer.byteLength(svg)).toBeLessThan(3 * 1024);
    expect(svg).not.toMatch(/<text|<tspan/);
    const staticFile = readFileSync(
      fileURLToPath(new URL('../../public/images/placeholder.svg', import.meta.url)),
      'utf8',
    );
    expect(staticFile.trim()).toBe(svg);
    const meta = await sharp(Buffer.from(svg)).metadata();
    expect(meta.width).toBe(1200);
    expect(meta.height).toBe(1500);
  });
});
