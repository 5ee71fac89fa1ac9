import { useId, useState } from 'react';
import type { ProductSummary } from '../../../contracts/catalog';
import { ButtonLink } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { ProductGrid } from './product-grid';

export interface Collection {
  id: string;
  label: string;
  href: string;
  products: ProductSummary[];
}

/** 'Our Collections': tabs that follow the WAI-ARIA tabs pattern (arrow keys move between tabs). */
export function CollectionsTabs({ collections }: { collections: Collection[] }) {
  const [active, setActive] = useState(0);
  const baseId = useId();
  const current = collections[active] ?? collections[0];
  if (!current) return null;

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = (active + (event.key === 'ArrowRight' ? 1 : collections.length - 1)) % collections.length;
    setActive(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  return (
    <section className="container-shop mt-20" aria-labelledby={`${baseId}-title`}>
      <div className="mb-8 flex flex-col items-center text-center">
        <p className="eyebrow">Curated</p>
        <h2 id={`${baseId}-title`} className="mt-2 text-display-lg">
          Our Collections
        </h2>
        <div
          role="tablist"
          aria-label="Collections"
          className="mt-6 inline-flex rounded-full border border-line bg-white p-1"
          onKeyDown={onKeyDown}
        >
          {collections.map((collection, index) => (
            <button
              key={collection.id}
              id={`${baseId}-tab-${index}`}
              type="button"
              role="tab"
              aria-selected={index === active}
              aria-controls={`${baseId}-panel`}
              tabIndex={index === active ? 0 : -1}
              onClick={() => setActive(index)}
              className={cn(
                'rounded-full px-4 py-2 text-xs font-medium tracking-wide uppercase transition-colors sm:px-6',
                index === active ? 'bg-ink text-paper' : 'text-ink-soft hover:text-ink',
              )}
            >
              {collection.label}
            </button>
          ))}
        </div>
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${active}`}>
        <ProductGrid products={current.products} />
        <div className="mt-10 flex justify-center">
          <ButtonLink to={current.href} variant="outline">
            View all {current.label}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
