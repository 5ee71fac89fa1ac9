import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { SHARE_IMAGE } from '../../contracts/media';
import { fileExists, writeAtomically } from './files';

/** A share picture's file name: the photo's key (folder/hash) and the suffix `-share.jpg`. */
export const SHARE_FILE = /^([a-z-]+)\/([0-9a-f]{16})-share\.jpg$/;

/** The mean colour of a photo's left and right edges (raw RGB pixels): what it stands on in a studio shot. */
function edgeColour(pixels: Buffer, width: number, height: number): { r: number; g: number; b: number } {
  const strip = Math.max(1, Math.round(width / 50));
  const sums = [0, 0, 0];
  let count = 0;
  for (let y = 0; y < height; y += 2) {
    for (const x0 of [0, width - strip]) {
      for (let x = x0; x < x0 + strip; x++) {
        const at = (y * width + x) * 3;
        sums[0]! += pixels[at]!;
        sums[1]! += pixels[at + 1]!;
        sums[2]! += pixels[at + 2]!;
        count++;
      }
    }
  }
  const [r, g, b] = sums.map((sum) => Math.round(sum / Math.max(1, count)));
  return { r: r ?? 255, g: g ?? 255, b: b ?? 255 };
}

/**
 * Draws the link-preview picture of a photo: the whole photo, never cropped, centred on the colour
 * of its own edges so a studio shot reads as one picture, as a 1200×630 JPEG well under WhatsApp's
 * 300 KB. Takes the photo's bytes, its path, or an image already decoded (a sharp pipeline).
 */
export async function drawShareImage(input: Buffer | string | Sharp): Promise<Buffer> {
  const { width, height } = SHARE_IMAGE;
  const source =
    typeof input === 'string' || Buffer.isBuffer(input) ? sharp(input, { failOn: 'error' }) : input;
  const photo = await source
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width, height, fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const background = edgeColour(photo.data, photo.info.width, photo.info.height);
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([
      {
        input: photo.data,
        raw: { width: photo.info.width, height: photo.info.height, channels: 3 },
        gravity: 'centre',
      },
    ])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/** Draws the share picture for `key` from the given source unless it is already on disk. */
export async function saveShareImage(
  uploadDir: string,
  key: string,
  source: Buffer | string | Sharp,
): Promise<void> {
  const file = path.join(uploadDir, `${key}-share.jpg`);
  if (await fileExists(file)) return;
  await writeAtomically(file, await drawShareImage(source));
}

const drawing = new Map<string, Promise<boolean>>();

/**
 * Makes sure the share picture of a stored photo exists, drawing it from the photo's largest WebP
 * when it is missing (a photo stored before share pictures were drawn). False when there is no such photo.
 */
export function ensureShareImage(uploadDir: string, key: string): Promise<boolean> {
  const pending = drawing.get(key);
  if (pending) return pending;
  const work = (async () => {
    const file = path.join(uploadDir, `${key}-share.jpg`);
    if (await fileExists(file)) return true;
    const folder = path.join(uploadDir, path.dirname(key));
    const hash = path.basename(key);
    const widths = (await fs.readdir(folder).catch(() => [] as string[]))
      .map((name) => new RegExp(`^${hash}-(\\d+)\\.webp$`).exec(name)?.[1])
      .filter((width): width is string => width !== undefined)
      .map(Number);
    if (widths.length === 0) return false;
    const largest = path.join(folder, `${hash}-${Math.max(...widths)}.webp`);
    await saveShareImage(uploadDir, key, largest);
    return true;
  })().finally(() => drawing.delete(key));
  drawing.set(key, work);
  return work;
}
