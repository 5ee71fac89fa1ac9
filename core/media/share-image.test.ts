import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { renderProductImage } from '../../seed/images/render-product-image';
import { saveImageVariants } from './save-image-variants';
import { ensureShareImage } from './share-image';

const TIMEOUT = 60_000;
let uploadDir: string;
let photo: Buffer;

beforeAll(async () => {
  uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rossy-share-'));
  photo = await renderProductImage({ shape: 'tote', colorHex: '#1f1a17', view: 0, seed: 3 });
}, TIMEOUT);

afterAll(() => fs.rm(uploadDir, { recursive: true, force: true }));

describe('link-preview pictures', () => {
  test(
    'a product photo is stored with a 1200×630 JPEG under 300 KB beside its WebP variants',
    async () => {
      const saved = await saveImageVariants(uploadDir, photo, { folder: 'products', share: true });
      const file = path.join(uploadDir, `${saved.key}-share.jpg`);
      const bytes = await fs.readFile(file);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe('jpeg');
      expect([metadata.width, metadata.height]).toEqual([1200, 630]);
      expect(bytes.length).toBeLessThan(300 * 1024);
      // The whole photo is shown, uncropped and centred, on its softened backdrop.
      const fitted = await sharp(photo)
        .resize({ width: 1200, height: 630, fit: 'inside' })
        .removeAlpha()
        .raw()
        .toBuffer({
          resolveWithObject: true,
        });
      const { width, height } = fitted.info;
      const centre = await sharp(bytes)
        .extract({ left: Math.floor((1200 - width) / 2), top: Math.floor((630 - height) / 2), width, height })
        .removeAlpha()
        .raw()
        .toBuffer();
      let difference = 0;
      for (let index = 0; index < centre.length; index++)
        difference += Math.abs((centre[index] ?? 0) - (fitted.data[index] ?? 0));
      expect(difference / centre.length).toBeLessThan(6);
    },
    TIMEOUT,
  );

  test(
    'a photo stored without one (an older upload) gets it drawn from its largest WebP on demand, once',
    async () => {
      const saved = await saveImageVariants(uploadDir, await sharp(photo).flop().png().toBuffer(), {
        folder: 'products',
      });
      const file = path.join(uploadDir, `${saved.key}-share.jpg`);
      await expect(fs.stat(file)).rejects.toThrow();
      const [first, second] = await Promise.all([
        ensureShareImage(uploadDir, saved.key),
        ensureShareImage(uploadDir, saved.key),
      ]);
      expect([first, second]).toEqual([true, true]);
      const metadata = await sharp(file).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1200, 630]);
      expect(await ensureShareImage(uploadDir, 'products/0000000000000000')).toBe(false);
    },
    TIMEOUT,
  );

  test('a non-product upload (an avatar) is not given one', async () => {
    const saved = await saveImageVariants(uploadDir, photo, { folder: 'avatars', widths: [96] });
    await expect(fs.stat(path.join(uploadDir, `${saved.key}-share.jpg`))).rejects.toThrow();
  });
});
