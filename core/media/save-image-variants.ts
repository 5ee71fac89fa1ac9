import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { saveShareImage, writeAtomically } from './share-image';

export const IMAGE_VARIANT_WIDTHS = [320, 480, 640, 960, 1200] as const;

export interface SavedImage {
  key: string;
  widths: number[];
  width: number;
  height: number;
}

export interface SaveImageOptions {
  /** Folder under the upload directory: 'products', 'avatars'. */
  folder: string;
  widths?: readonly number[];
  quality?: number;
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
  input: Buffer,
  options: SaveImageOptions,
): Promise<SavedImage> {
  const source = sharp(input, { failOn: 'error' }).rotate();
  const metadata = await source.metadata();
  if (!metadata.width || !metadata.height) throw new Error('Image has no dimensions');

  const largest = Math.min(metadata.width, Math.max(...(options.widths ?? IMAGE_VARIANT_WIDTHS)));
  const widths = [
    ...new Set((options.widths ?? IMAGE_VARIANT_WIDTHS).filter((width) => width <= largest).concat(largest)),
  ].sort((a, b) => a - b);
  const height = Math.round((metadata.height / metadata.width) * largest);

  const hash = createHash('sha256').update(input).digest('hex').slice(0, 16);
  const key = `${options.folder}/${hash}`;
  const directory = path.join(uploadDir, options.folder);
  await fs.mkdir(directory, { recursive: true });

  await Promise.all(
    widths.map(async (width) => {
      const file = path.join(directory, `${hash}-${width}.webp`);
      const exists = await fs.stat(file).then(
        () => true,
        () => false,
      );
      if (exists) return;
      const bytes = await source
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: options.quality ?? 80, effort: 4 })
        .toBuffer();
      await writeAtomically(file, bytes);
    }),
  );
  if (options.share) await saveShareImage(uploadDir, key, input);
  return { key, widths, width: largest, height };
}
