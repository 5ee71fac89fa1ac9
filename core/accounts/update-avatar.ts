import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { PublicUser } from '../../contracts/accounts';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { AppError } from '../errors';
import { saveImageVariants } from '../media/save-image-variants';
import { AVATAR_WIDTH, toPublicUser } from './user-view';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
const MAX_PIXELS = 40_000_000;

/**
 * Stores a new profile photo. The type is read from the bytes (never the file name or the
 * declared type), and only a re-encoded, square-cropped WebP reaches the disk.
 */
export async function updateAvatar(
  db: DbOrTx,
  uploadDir: string,
  userId: string,
  bytes: Buffer,
): Promise<PublicUser> {
  if (bytes.length === 0)
    throw new AppError('BAD_REQUEST', 'Please choose an image to upload', {
      avatar: 'Please choose an image to upload',
    });
  if (bytes.length > AVATAR_MAX_BYTES)
    throw new AppError('BAD_REQUEST', 'The image must be 5 MB or smaller', {
      avatar: 'The image must be 5 MB or smaller',
    });
  let square: Buffer;
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS });
    const metadata = await image.metadata();
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new Error('unsupported');
    square = await image.rotate().resize({ width: 512, height: 512, fit: 'cover' }).png().toBuffer();
  } catch {
    throw new AppError('UNPROCESSABLE', 'Please upload a JPEG, PNG, WebP or GIF image', {
      avatar: 'Please upload a JPEG, PNG, WebP or GIF image',
    });
  }
  const saved = await saveImageVariants(uploadDir, square, {
    folder: 'avatars',
    widths: [AVATAR_WIDTH, 512],
  });
  const [row] = await db
    .update(users)
    .set({ avatarKey: saved.key, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  return toPublicUser(row);
}
