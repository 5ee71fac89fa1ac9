import { useState } from 'react';
import { placeholderImage } from '../../../contracts/media';
import { cn } from '../../lib/cn';

/** A small photo of an ordered piece, as it was when ordered; a missing one shows the shop's placeholder. */
export function OrderThumb({
  src,
  alt = '',
  className,
}: {
  src: string | null;
  alt?: string;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <img
      src={!src || broken ? placeholderImage : src}
      alt={alt}
      width={64}
      height={80}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
      className={cn('aspect-[4/5] shrink-0 rounded-sm bg-cream object-cover', className)}
    />
  );
}
