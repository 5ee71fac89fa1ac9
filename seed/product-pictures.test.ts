import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../tests/fixtures/test-app';
import type { RenderProductImageInput } from './images/render-product-image';
import { drawPendingPictures, drawPicture, pictureHash, recordPictureJob } from './product-pictures';

let uploadDir: string;
let test: TestApp;
const lead: RenderProductImageInput = { shape: 'clutch', colorHex: '#6b1e2e', view: 0, seed: 4 };
const angled: RenderProductImageInput = { ...lead, view: 1 };
const detail: RenderProductImageInput = { ...lead, view: 2 };

beforeAll(async () => {
  uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rossy-pictures-'));
  test = await createTestApp({ seed: false, env: { UPLOAD_DIR: uploadDir } });
});
afterAll(async () => {
  await test?.close();
  await fs.rm(uploadDir, { recursive: true, force: true });
});

const file = (name: string) => path.join(uploadDir, 'products', name);
const onDisk = (name: string) =>
  fs.access(file(name)).then(
    () => true,
    () => false,
  );

describe('demo pictures drawn later', () => {
  it('are named before they are drawn, and drawn whole: every width, and the share picture of a lead picture', async () => {
    const hash = pictureHash(lead, 'fingerprint');
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(pictureHash(lead, 'other drawing code')).not.toBe(hash);
    await recordPictureJob(uploadDir, hash, lead);
    expect(await onDisk(`${hash}-1200.webp`)).toBe(false);

    expect(await drawPicture(uploadDir, hash)).toBe(true);
    for (const width of [320, 480, 640, 960, 1200]) {
      const metadata = await sharp(file(`${hash}-${width}.webp`)).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', width, width * 1.25]);
    }
    expect((await sharp(file(`${hash}-share.jpg`)).metadata()).width).toBe(1200);
    expect(await drawPicture(uploadDir, '0123456789abcdef')).toBe(false);
  });

  it('are drawn on their first request, so a shopper never meets a missing picture', async () => {
    const hash = pictureHash(angled, 'fingerprint');
    await recordPictureJob(uploadDir, hash, angled);
    const response = await test.app.inject({ method: 'GET', url: `/media/products/${hash}-480.webp` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect((await sharp(response.rawPayload).metadata()).width).toBe(480);
    // Its share picture, asked for, is drawn from it.
    const share = await test.app.inject({ method: 'GET', url: `/media/products/${hash}-share.jpg` });
    expect(share.statusCode).toBe(200);
    expect(share.headers['content-type']).toBe('image/jpeg');
    // A picture nobody recorded is simply not found.
    const unknown = await test.app.inject({
      method: 'GET',
      url: '/media/products/fedcba9876543210-480.webp',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('are all drawn by the background pass once the shop is open', async () => {
    const hash = pictureHash(detail, 'fingerprint');
    await recordPictureJob(uploadDir, hash, detail);
    expect(await drawPendingPictures(uploadDir)).toBe(1);
    expect(await onDisk(`${hash}-1200.webp`)).toBe(true);
    expect(await drawPendingPictures(uploadDir)).toBe(0);
  });
});
