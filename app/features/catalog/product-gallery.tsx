import { useState } from 'react';
import type { ImageRef } from '../../../contracts/catalog';
import { ProductImage } from '../../components/ui/product-image';
import { cn } from '../../lib/cn';

/**
 * The main photo, with thumbnails three to a row; every thumbnail is a button, so the gallery works by
 * keyboard. Choosing a colour shows its first photo, unless the one shown is already of that colour.
 */
export function ProductGallery({
  images,
  name,
  color = null,
}: {
  images: ImageRef[];
  name: string;
  color?: string | null;
}) {
  const [selected, setSelected] = useState(() => {
    const index = color ? images.findIndex((image) => image.colorName === color) : -1;
    return index > 0 ? index : 0;
  });
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  // A colour chosen: show its first photo, unless the one shown is of it (state adjusted while rendering).
  const [shownColour, setShownColour] = useState(color);
  if (shownColour !== color) {
    setShownColour(color);
    const index = color ? images.findIndex((image) => image.colorName === color) : -1;
    if (index >= 0 && images[selected]?.colorName !== color) {
      setSelected(index);
      setZoom(null);
    }
  }
  const current = images[selected] ?? images[0] ?? null;

  const pointAt = (event: React.MouseEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // A keyboard press has no pointer position: zoom into the centre.
    if (!event.clientX && !event.clientY) return { x: 50, y: 50 };
    return {
      x: ((event.clientX - box.left) / box.width) * 100,
      y: ((event.clientY - box.top) / box.height) * 100,
    };
  };

  return (
    <div className="space-y-3">
      <button
        type="button"
        onClick={(event) => {
          const point = pointAt(event);
          setZoom((previous) => (previous ? null : point));
        }}
        onMouseMove={(event) => {
          if (zoom) setZoom(pointAt(event));
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setZoom(null);
        }}
        aria-label={zoom ? 'Zoom out' : 'Zoom in on the photo'}
        aria-pressed={zoom !== null}
        className={cn(
          'block aspect-[4/5] w-full overflow-hidden rounded-card bg-cream',
          zoom ? 'cursor-zoom-out' : 'cursor-zoom-in',
        )}
      >
        <ProductImage
          image={current}
          sizes="(min-width: 1024px) 50vw, 100vw"
          priority
          className="h-full w-full transition-transform duration-300 ease-out-soft"
          style={zoom ? { transform: 'scale(2)', transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
        />
      </button>
      {images.length > 1 ? (
        <ul className="grid grid-cols-3 gap-3" aria-label={`${name} photos`}>
          {images.map((image, index) => (
            <li key={image.key + index}>
              <button
                type="button"
                onClick={() => {
                  setSelected(index);
                  setZoom(null);
                }}
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
