import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { SHARE_IMAGE } from '../../contracts/media';

/** A share picture's file name: the photo's key (folder/hash) and the suffix `-share.jpg`. */
export const SHARE_FILE = /^([a-z-]+)\/([0-9a-f]{16})-share\.jpg$/;

/** The mean colour of a photo's left and right edges: what it stands on in a studio shot. */
async function edgeColour(photo: Buffer): Promise<{ r: number; g: number; b: number }> {
  const { width = 1, height = 1 } = await sharp(photo).metadata();
  const strip = Math.max(1, Math.round(width / 50));
  const means = await Promise.all(
    [0, width - strip].map(async (left) => {
      const edge = await sharp(photo).extract({ left, top: 0, width: strip, height }).toBuffer();
      const { channels } = await sharp(edge).stats();
      return channels.slice(0, 3).map((channel) => channel.mean);
    }),
  );
  const [r = 255, g = 255, b = 255] = [0, 1, 2].map((index) =>
    Math.round(((means[0]?.[index] ?? 255) + (means[1]?.[index] ?? 255)) / 2),
  );
  return { r, g, b };
}

/**
 * Draws the link-preview picture of a photo: the whole photo, never cropped, centred on the colour
 * of its own edges so a studio shot reads as one picture, as a 1200×630 JPEG well under WhatsApp's 300 KB.
 */
export async function drawShareImage(input: Buffer | string): Promise<Buffer> {
  const { width, height } = SHARE_IMAGE;
  const photo = await sharp(input, { failOn: 'error' })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width, height, fit: 'inside' })
    .toBuffer();
  const background = await edgeColour(photo);
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: photo, gravity: 'centre' }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

/** Writes a file whole or not at all: a reader never sees half a picture. */
export async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await fs.writeFile(temporary, bytes);
  await fs.rename(temporary, file);
}

/** Draws the share picture for `key` from the given source unless it is already on disk. */
export async function saveShareImage(uploadDir: string, key: string, source: Buffer | string): Promise<void> {
  const file = path.join(uploadDir, `${key}-share.jpg`);
  if (await exists(file)) return;
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
    if (await exists(file)) return true;
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
