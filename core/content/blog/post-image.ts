import sharp from 'sharp';
import { AppError } from '../../errors';
import { saveImageVariants } from '../../media/save-image-variants';
import { BLOG_IMAGE_HEIGHT, BLOG_IMAGE_MAX_BYTES, BLOG_IMAGE_WIDTH, STORED_WIDTHS } from './posts';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

/**
 * Stores a post's picture: the type is read from the bytes, the picture is cropped to 16:10 and
 * only re-encoded WebP variants reach the disk.
 */
export async function saveBlogImage(uploadDir: string, bytes: Buffer): Promise<string> {
  if (bytes.length > BLOG_IMAGE_MAX_BYTES)
    throw new AppError('BAD_REQUEST', 'The image must be 5 MB or smaller', {
      image: 'The image must be 5 MB or smaller',
    });
  let cropped: Buffer;
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000 });
    const metadata = await image.metadata();
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new Error('unsupported');
    cropped = await image
      .rotate()
      .resize({ width: BLOG_IMAGE_WIDTH, height: BLOG_IMAGE_HEIGHT, fit: 'cover', position: 'attention' })
      .png()
      .toBuffer();
  } catch {
    throw new AppError('BAD_REQUEST', 'Please upload a JPEG, PNG, WebP or GIF image', {
      image: 'Please upload a JPEG, PNG, WebP or GIF image',
    });
  }
  const saved = await saveImageVariants(uploadDir, cropped, { folder: 'blog', widths: STORED_WIDTHS });
  return saved.key;
}
