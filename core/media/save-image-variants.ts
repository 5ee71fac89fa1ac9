import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { fileExists, writeAtomically } from './files';
import { saveShareImage } from './share-image';

export const IMAGE_VARIANT_WIDTHS = [320, 480, 640, 960, 1200] as const;

export interface SavedImage {
  key: string;
  widths: number[];
  width: number;
  height: number;
}

/** Decoded pixels (a drawing rendered in memory): stored without a PNG round trip. */
export interface RawImage {
  pixels: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

export interface SaveImageOptions {
  /** Folder under the upload directory: 'products', 'avatars'. */
  folder: string;
  widths?: readonly number[];
  quality?: number;
  /** WebP encoder effort, 0–6: the seed's drawn pictures use 2 (a little larger, half the time). */
  effort?: number;
  /** The name to store under instead of a hash of the bytes (a drawing named by its inputs). */
  hash?: string;
  /** Also draw the link-preview picture (`-share.jpg`, 1200×630): product photos have one. */
  share?: boolean;
}

/**
 * Re-encodes an image into WebP variants named by a hash of their bytes, so a stored file never
 * changes and can be cached for a year. The original bytes are never written: only what sharp
 * decoded and re-encoded reaches the disk.
 */
export async function saveImageVariants(
  uploadDir: string,
  input: Buffer | RawImage,
  options: SaveImageOptions,
): Promise<SavedImage> {
  const bytes = Buffer.isBuffer(input) ? input : input.pixels;
  const source = Buffer.isBuffer(input)
    ? sharp(input, { failOn: 'error' }).rotate()
    : sharp(input.pixels, { raw: { width: input.width, height: input.height, channels: input.channels } });
  const metadata = await source.metadata();
  if (!metadata.width || !metadata.height) throw new Error('Image has no dimensions');

  const largest = Math.min(metadata.width, Math.max(...(options.widths ?? IMAGE_VARIANT_WIDTHS)));
  const widths = [
    ...new Set((options.widths ?? IMAGE_VARIANT_WIDTHS).filter((width) => width <= largest).concat(largest)),
  ].sort((a, b) => a - b);
  const height = Math.round((metadata.height / metadata.width) * largest);

  const hash = options.hash ?? createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const key = `${options.folder}/${hash}`;
  const directory = path.join(uploadDir, options.folder);
  await fs.mkdir(directory, { recursive: true });

  await Promise.all(
    widths.map(async (width) => {
      const file = path.join(directory, `${hash}-${width}.webp`);
      if (await fileExists(file)) return;
      const encoded = await source
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: options.quality ?? 80, effort: options.effort ?? 4 })
        .toBuffer();
      await writeAtomically(file, encoded);
    }),
  );
  if (options.share) await saveShareImage(uploadDir, key, source.clone());
  return { key, widths, width: largest, height };
}
