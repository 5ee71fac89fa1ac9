import { useState } from 'react';
import type { ImageRef } from '../../../contracts/catalog';
import { mediaUrl, pickWidth, placeholderImage, srcSet } from '../../../contracts/media';
import { cn } from '../../lib/cn';

interface ProductImageProps {
  image: ImageRef | null;
  alt?: string;
  sizes: string;
  /** The page's largest image: loaded eagerly with high priority, never lazily. */
  priority?: boolean;
  className?: string;
  style?: React.CSSProperties | undefined;
}

/** A product photo with width, height, srcset and sizes; a broken or missing image shows the shop's placeholder. */
export function ProductImage({ image, alt, sizes, priority = false, className, style }: ProductImageProps) {
  const [broken, setBroken] = useState(false);
  const width = image?.width ?? 1200;
  const height = image?.height ?? 1500;
  if (!image || broken) {
    return (
      <img
        src={placeholderImage}
        alt={alt ?? image?.alt ?? ''}
        width={width}
        height={height}
        className={cn('object-cover', className)}
      />
    );
  }
  return (
    <img
      src={mediaUrl(image.key, pickWidth(image, 640))}
      srcSet={srcSet(image)}
      sizes={sizes}
      alt={alt ?? image.alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      onError={() => setBroken(true)}
      className={cn('object-cover', className)}
      style={style}
    />
  );
}
