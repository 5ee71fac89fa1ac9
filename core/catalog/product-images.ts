import fs from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import { z } from 'zod';
import type { ImageRef } from '../../contracts/catalog';
import type { DbOrTx } from '../../db/client';
import { productImages } from '../../db/schema/catalog';
import { AppError, type FieldErrors } from '../errors';
import { saveImageVariants } from '../media/save-image-variants';

/** The largest photo an admin may upload or link to. */
export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** How long the shop waits for an image URL to answer before calling it invalid. */
export const IMAGE_URL_TIMEOUT_MS = 8000;
export const INVALID_IMAGE_URL = 'Please provide a valid image URL.';
export const UNSUPPORTED_IMAGE = 'Please upload a JPEG, PNG, WebP, GIF or AVIF image.';
export const IMAGE_TOO_LARGE = 'Each image must be 10 MB or smaller.';

const FOLDER = 'products';
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
const MAX_PIXELS = 40_000_000;
const MIN_SIDE = 200;
const UPLOAD_ID = /^products\/([0-9a-f]{16})$/;
/** What an upload id looks like (`products/` and 16 hex digits), for a schema to check before any lookup. */
export const UPLOAD_ID_PATTERN = /^products\/[0-9a-f]{16}$/;

/** A stored product photo: its upload id is the variants' key, so the id is all a form has to send back. */
export interface ProductUpload extends Omit<ImageRef, 'alt' | 'colorName'> {
  id: string;
}

/** The bytes or the address sent are not a photo the shop can use: a rule, not the request's shape (422). */
function badImage(message: string, field: string): AppError {
  return new AppError('UNPROCESSABLE', message, { [field]: message });
}

/**
 * Checks the bytes are a photo (by decoding them, never by the name or declared type) and stores
 * re-encoded WebP variants: the same pipeline as the catalog's seeded pictures.
 */
export async function saveProductUpload(
  uploadDir: string,
  bytes: Buffer,
  field = 'image',
  message = UNSUPPORTED_IMAGE,
): Promise<ProductUpload> {
  if (bytes.length === 0) throw badImage('Please choose an image to upload.', field);
  if (bytes.length > PRODUCT_IMAGE_MAX_BYTES) throw badImage(IMAGE_TOO_LARGE, field);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw badImage(message, field);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height)
    throw badImage(message, field);
  if (Math.min(metadata.width, metadata.height) < MIN_SIDE)
    throw badImage(`Images must be at least ${MIN_SIDE} pixels on each side.`, field);
  let saved;
  try {
    saved = await saveImageVariants(uploadDir, bytes, { folder: FOLDER, share: true });
  } catch {
    throw badImage(message, field);
  }
  return { id: saved.key, key: saved.key, widths: saved.widths, width: saved.width, height: saved.height };
}

/** Reads a body up to `limit` bytes; a longer one is refused before it is all downloaded. */
async function readLimited(response: Response, limit: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > limit) return null;
  if (!response.body) return null;
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches a photo from the web for a product: it must answer within the timeout, be an image by
 * its bytes, and be within the size limit; then it is stored like an upload.
 */
export async function saveProductImageFromUrl(
  uploadDir: string,
  rawUrl: string,
  options: { timeoutMs?: number; field?: string } = {},
): Promise<ProductUpload> {
  const field = options.field ?? 'imageUrl';
  let url: URL;
  try {
    url = new URL(rawUrl.trim());
  } catch {
    throw badImage(INVALID_IMAGE_URL, field);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw badImage(INVALID_IMAGE_URL, field);
  let bytes: Buffer | null;
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(options.timeoutMs ?? IMAGE_URL_TIMEOUT_MS),
      redirect: 'follow',
      headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8' },
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    bytes = await readLimited(response, PRODUCT_IMAGE_MAX_BYTES);
  } catch {
    throw badImage(INVALID_IMAGE_URL, field);
  }
  if (!bytes || bytes.length === 0) throw badImage(INVALID_IMAGE_URL, field);
  return saveProductUpload(uploadDir, bytes, field, INVALID_IMAGE_URL);
}

/**
 * Finds the variants of an earlier upload by its id. Nothing but an id the pipeline made can
 * match, so a form cannot point a product at any other file.
 */
export async function findProductUpload(uploadDir: string, id: string): Promise<ProductUpload | null> {
  const match = UPLOAD_ID.exec(id);
  if (!match) return null;
  const hash = match[1]!;
  let files: string[];
  try {
    files = await fs.readdir(path.join(uploadDir, FOLDER));
  } catch {
    return null;
  }
  const pattern = new RegExp(`^${hash}-(\\d+)\\.webp$`);
  const widths = files
    .map((file) => pattern.exec(file)?.[1])
    .filter((width): width is string => width !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  const largest = widths[widths.length - 1];
  if (largest === undefined) return null;
  try {
    const metadata = await sharp(path.join(uploadDir, FOLDER, `${hash}-${largest}.webp`)).metadata();
    if (!metadata.width || !metadata.height) return null;
    return { id, key: id, widths, width: metadata.width, height: metadata.height };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// A product's photos as the editor sets them: the whole list, in order, each an upload id or a photo
// the product already has, and the colour it shows (choosing that colour in the shop shows it).

export const IMAGE_NOT_FOUND = 'An image was not found. Please upload it again.';

export const productImageInputSchema = z.object({
  key: z.string({ error: IMAGE_NOT_FOUND }).trim().regex(UPLOAD_ID_PATTERN, IMAGE_NOT_FOUND),
  color: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.string().trim().max(40).nullable(),
  ),
});
export type ProductImageInput = z.output<typeof productImageInputSchema>;

export type StoredImage = Omit<typeof productImages.$inferInsert, 'productId' | 'position' | 'id'>;

/** A product's photos in order. */
export async function productImagesOf(db: DbOrTx, productId: number) {
  return db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position));
}

/**
 * Checks a photo list against the product: each key one of its photos or an upload the shop made,
 * each colour one the product sells (after this change), no photo twice. Returns the rows to store.
 */
export async function resolveProductImages(
  db: DbOrTx,
  uploadDir: string | undefined,
  productId: number,
  inputs: ProductImageInput[],
  colorNames: string[],
  productName: string,
): Promise<{ images: StoredImage[]; errors: FieldErrors }> {
  const errors: FieldErrors = {};
  const existing = new Map((await productImagesOf(db, productId)).map((row) => [row.key, row]));
  const images: StoredImage[] = [];
  const seen = new Set<string>();
  for (const [index, input] of inputs.entries()) {
    const where = `images[${index}]`;
    if (seen.has(input.key)) errors[`${where}.key`] ??= 'This photo is in the list twice.';
    seen.add(input.key);
    const color = input.color
      ? (colorNames.find((name) => name.toLowerCase() === input.color!.toLowerCase()) ?? null)
      : null;
    if (input.color && !color) errors[`${where}.color`] ??= `${input.color} is not a colour of this product.`;
    const own = existing.get(input.key);
    const upload = own ? null : uploadDir ? await findProductUpload(uploadDir, input.key) : null;
    if (!own && !upload) {
      errors[`${where}.key`] ??= IMAGE_NOT_FOUND;
      continue;
    }
    const view = `view ${index + 1}`;
    images.push({
      key: input.key,
      widths: own?.widths ?? upload!.widths,
      width: own?.width ?? upload!.width,
      height: own?.height ?? upload!.height,
      alt:
        own && own.colorName === color
          ? own.alt
          : `${productName}${color ? ` in ${color}` : ''}${index === 0 ? '' : `, ${view}`}`,
      colorName: color,
    });
  }
  if (inputs.length === 0) errors.images = 'Keep at least one photo.';
  return { images, errors };
}

/** Replaces a product's photos with `images`, in their order (the first is the cover). */
export async function writeProductImages(
  db: DbOrTx,
  productId: number,
  images: StoredImage[],
): Promise<void> {
  await db.delete(productImages).where(eq(productImages.productId, productId));
  if (images.length > 0)
    await db
      .insert(productImages)
      .values(images.map((image, position) => ({ ...image, productId, position })));
}
