import { ArrowRight } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { SaleFigures } from '../../../core/catalog/get-sale-categories';
import { buttonClasses } from '../../components/ui/button';
import { Countdown } from '../../components/ui/countdown';
import { ProductImage } from '../../components/ui/product-image';

/** Where the sale's own product list starts, for the hero's and offers' links. */
export const SALE_LIST_ID = 'sale-pieces';

const pieces = (count: number) => `${count} ${count === 1 ? 'piece' : 'pieces'}`;

/** The sale page's banner: its title, the figures of the whole sale and, while it runs, the flash sale's clock. */
export function SaleHero({
  count,
  maxDiscountPercent,
  flashSale,
}: {
  count: number;
  maxDiscountPercent: number;
  flashSale: { endsAt: string; renderedAt: number } | null;
}) {
  const [ended, setEnded] = useState(false);
  const onEnded = useCallback(() => setEnded(true), []);
  const running = flashSale !== null && !ended;
  return (
    <section aria-labelledby="sale-title" className="relative overflow-hidden bg-ink text-paper">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 h-80 w-80 rounded-full border border-gold-soft/20 sm:h-[28rem] sm:w-[28rem]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-10 -right-10 h-52 w-52 rounded-full border border-gold-soft/15 sm:h-80 sm:w-80"
      />
      <div className="relative container-shop grid gap-10 py-12 md:py-16 lg:grid-cols-[1.25fr_1fr] lg:items-end lg:py-20">
        <div>
          <p className="text-[0.6875rem] font-semibold tracking-[0.22em] text-gold-soft uppercase">
            {running ? 'Flash sale · ends soon' : 'Limited time'}
          </p>
          <h1 id="sale-title" className="mt-3 text-[3rem] leading-none text-paper sm:text-display-xl">
            The Sale
          </h1>
          {count > 0 ? (
            <p className="mt-5 max-w-lg text-lg leading-snug text-paper/85">
              Up to <span className="font-semibold text-gold-soft">{maxDiscountPercent}% off</span>{' '}
              {pieces(count)} of designer bags and tailoring, reduced while stocks last.
            </p>
          ) : (
            <p className="mt-5 max-w-lg text-lg leading-snug text-paper/85">
              Nothing is reduced just now. Our next sale is being prepared.
            </p>
          )}
          {count > 0 ? (
            <a href={`#${SALE_LIST_ID}`} className={buttonClasses('gold', 'md', 'mt-8')}>
              Shop all {pieces(count)}
            </a>
          ) : null}
        </div>
        {running ? (
          <div className="lg:justify-self-end">
            <p className="mb-3 text-xs font-medium tracking-[0.18em] text-paper/70 uppercase">Ends in</p>
            <Countdown endsAt={flashSale.endsAt} renderedAt={flashSale.renderedAt} onEnded={onEnded} />
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** How an offer names a department; a department the shop adds later is named as it is. */
const offerWording: Record<string, { noun: string; lead: string; cta: string }> = {
  'womens-bags': { noun: 'designer bags', lead: 'For her', cta: 'Shop the bags' },
  'mens-wear': { noun: "men's wear", lead: 'For him', cta: "Shop men's wear" },
};

/** One offer banner per department with pieces on sale, quoting its deepest discount. */
export function SaleOffers({ departments }: { departments: SaleFigures[] }) {
  if (departments.length === 0) return null;
  return (
    <section aria-label="Offers" className="container-shop mt-10 lg:mt-14">
      <ul className={`grid gap-4 lg:gap-6 ${departments.length > 1 ? 'md:grid-cols-2' : ''}`}>
        {departments.map((department) => {
          const wording = offerWording[department.id] ?? {
            noun: department.name.toLowerCase(),
            lead: department.name,
            cta: `Shop ${department.name}`,
          };
          return (
            <li key={department.id}>
              <Link
                to={`/sale?category=${encodeURIComponent(department.id)}#${SALE_LIST_ID}`}
                className="group relative flex min-h-56 overflow-hidden rounded-card bg-sand sm:min-h-72"
              >
                <div className="absolute inset-y-0 right-0 w-[46%] overflow-hidden sm:w-1/2">
                  <ProductImage
                    image={department.image}
                    alt=""
                    sizes="(min-width: 1280px) 310px, (min-width: 768px) 25vw, 46vw"
                    className="h-full w-full transition-transform duration-700 group-hover:scale-[1.04]"
                  />
                  <div className="absolute inset-0 bg-gradient-to-r from-sand via-sand/30 via-20% to-transparent to-50%" />
                </div>
                <div className="relative flex w-[58%] flex-col justify-center p-5 sm:w-1/2 sm:p-8">
                  <p className="text-[0.625rem] font-semibold tracking-[0.2em] text-gold-deep uppercase sm:text-[0.6875rem]">
                    {wording.lead}
                  </p>
                  <h2 className="mt-2 text-[1.5rem] leading-tight sm:text-display-md lg:text-display-lg">
                    Up to <span className="text-sale">{department.maxDiscountPercent}% off</span>{' '}
                    {wording.noun}
                  </h2>
                  <p className="mt-2 text-xs text-ink-soft sm:text-sm">{pieces(department.count)} reduced</p>
                  <span className="mt-4 inline-flex items-center gap-2 text-xs font-semibold tracking-[0.14em] uppercase underline-offset-4 group-hover:underline sm:text-sm">
                    {wording.cta}
                    <ArrowRight
                      width={16}
                      height={16}
                      aria-hidden="true"
                      className="shrink-0 transition-transform group-hover:translate-x-1"
                    />
                  </span>
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A tile for each category with pieces on sale, leading to that category's reduced pieces. */
export function SaleCategoryTiles({ categories }: { categories: SaleFigures[] }) {
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby="sale-categories-title" className="container-shop mt-14">
      <div className="mb-6 flex items-end justify-between gap-4">
        <div>
          <p className="eyebrow">Shop the sale by category</p>
          <h2 id="sale-categories-title" className="mt-2 text-display-md">
            Reduced in {categories.length} {categories.length === 1 ? 'category' : 'categories'}
          </h2>
        </div>
      </div>
      {/* Two swipeable rows on small screens; a full grid where there is room. */}
      <ul className="-mx-4 grid snap-x auto-cols-[78%] grid-flow-col grid-rows-2 gap-3 overflow-x-auto scroll-px-4 px-4 pb-2 [scrollbar-width:thin] sm:-mx-6 sm:auto-cols-[42%] sm:scroll-px-6 sm:px-6 lg:mx-0 lg:grid-flow-row lg:grid-cols-4 lg:grid-rows-none lg:overflow-visible lg:px-0 xl:grid-cols-5">
        {categories.map((category) => (
          <li key={category.id} className="snap-start">
            <Link
              to={`/category/${encodeURIComponent(category.id)}?onSale=true`}
              className="group flex h-full items-center gap-4 rounded-card border border-line bg-white p-2.5 pr-4 transition-colors hover:border-gold-soft"
            >
              <div className="aspect-[4/5] w-16 shrink-0 overflow-hidden rounded-sm bg-cream">
                <ProductImage
                  image={category.image}
                  alt=""
                  sizes="64px"
                  className="h-full w-full transition-transform duration-500 group-hover:scale-105"
                />
              </div>
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{category.name}</p>
                <p className="mt-0.5 text-sm font-semibold text-sale">
                  Up to {category.maxDiscountPercent}% off
                </p>
                <p className="text-xs text-muted">{pieces(category.count)}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
