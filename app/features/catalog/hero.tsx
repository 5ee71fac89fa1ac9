import { useEffect, useState } from 'react';
import type { ImageRef } from '../../../contracts/catalog';
import { ButtonLink } from '../../components/ui/button';
import { ProductImage } from '../../components/ui/product-image';
import { cn } from '../../lib/cn';

const ROTATE_MS = 5000;

export interface HeroSlide {
  image: ImageRef;
  productId: number;
  name: string;
}

/** The home page's opening: the first photo is the page's LCP element; the others join after hydration and rotate every 5 s. */
export function Hero({ slides, tagline }: { slides: HeroSlide[]; tagline: string }) {
  const [active, setActive] = useState(0);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    if (slides.length < 2 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => setActive((index) => (index + 1) % slides.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, [slides.length]);

  return (
    <section className="bg-cream">
      <div className="container-shop grid items-center gap-8 py-8 md:grid-cols-[1fr_1.05fr] md:py-0 lg:gap-16">
        <div className="order-2 md:order-1 md:py-16">
          <p className="eyebrow">New Season · Lagos</p>
          <h1 className="mt-4 text-[2.5rem] leading-[1.02] sm:text-display-xl lg:text-[4.25rem]">
            Tailored for the man.
            <br />
            <em className="font-medium text-gold-deep">Crafted for her.</em>
          </h1>
          <p className="mt-5 max-w-md text-[0.9375rem] leading-relaxed text-ink-soft">{tagline}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/products" size="lg">
              Shop Now
            </ButtonLink>
            <ButtonLink to="/sale" size="lg" variant="outline">
              View the Sale
            </ButtonLink>
          </div>
        </div>
        <div className="relative order-1 aspect-[4/5] max-h-[78vh] w-full overflow-hidden md:order-2 md:my-8">
          {slides.map((slide, index) =>
            index === 0 || hydrated ? (
              <div
                key={slide.productId}
                className={cn(
                  'absolute inset-0 transition-opacity duration-1000',
                  index === active ? 'opacity-100' : 'opacity-0',
                )}
                aria-hidden={index !== active}
              >
                <ProductImage
                  image={slide.image}
                  alt={slide.name}
                  sizes="(min-width: 768px) 50vw, 100vw"
                  priority={index === 0}
                  className="h-full w-full"
                />
              </div>
            ) : null,
          )}
          {slides.length > 1 ? (
            <div className="absolute inset-x-0 bottom-4 flex justify-center gap-2">
              {slides.map((slide, index) => (
                <button
                  key={slide.productId}
                  type="button"
                  onClick={() => setActive(index)}
                  aria-label={`Show picture ${index + 1} of ${slides.length}`}
                  aria-pressed={index === active}
                  className="flex h-6 w-6 items-center justify-center"
                >
                  <span
                    className={cn(
                      'block h-1.5 rounded-full transition-all',
                      index === active ? 'w-5 bg-ink' : 'w-1.5 bg-ink/30',
                    )}
                  />
                </button>
              ))}
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
