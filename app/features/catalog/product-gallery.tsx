import { useState } from 'react';
import type { ImageRef } from '../../../contracts/catalog';
import { ProductImage } from '../../components/ui/product-image';
import { cn } from '../../lib/cn';

/** The main photo, with thumbnails three to a row; every thumbnail is a button, so the gallery works by keyboard. */
export function ProductGallery({ images, name }: { images: ImageRef[]; name: string }) {
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0] ?? null;
  return (
    <div className="space-y-3">
      <div className="aspect-[4/5] overflow-hidden rounded-card bg-cream">
        <ProductImage
          image={current}
          sizes="(min-width: 1024px) 50vw, 100vw"
          priority
          className="h-full w-full"
        />
      </div>
      {images.length > 1 ? (
        <ul className="grid grid-cols-3 gap-3" aria-label={`${name} photos`}>
          {images.map((image, index) => (
            <li key={image.key + index}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={`Show photo ${index + 1} of ${images.length}: ${image.alt}`}
                aria-pressed={index === selected}
                className={cn(
                  'block aspect-[4/5] w-full overflow-hidden rounded-card bg-cream ring-offset-2 ring-offset-paper transition',
                  index === selected ? 'ring-1 ring-ink' : 'opacity-80 hover:opacity-100',
                )}
              >
                <ProductImage
                  image={image}
                  alt=""
                  sizes="(min-width: 1024px) 15vw, 30vw"
                  className="h-full w-full"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
