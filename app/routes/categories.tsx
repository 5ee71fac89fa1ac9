import { Search } from 'lucide-react';
import { Form, Link, useSearchParams } from 'react-router';
import { listCategories } from '../../core/catalog/list-categories';
import { ProductImage } from '../components/ui/product-image';
import { cn } from '../lib/cn';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/categories';

const tabs = [
  { id: 'all', label: 'All' },
  { id: 'featured', label: 'Featured' },
  { id: 'new', label: 'New' },
] as const;
const SHOWN_SUBCATEGORIES = 3;
const POPULAR_COUNT = 8;

export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await listCategories(context.services.db) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'All Categories',
    description: "Every category of men's wear and designer bags at Rossy.",
    path: '/categories',
    ...rootMeta(matches),
  });
}

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const tab = tabs.find((item) => item.id === params.get('tab'))?.id ?? 'all';
  const q = (params.get('q') ?? '').trim().toLowerCase();
  const shown = loaderData.categories.filter(
    (category) =>
      (tab === 'all' || (tab === 'featured' ? category.featured : category.isNew)) &&
      (!q ||
        category.name.toLowerCase().includes(q) ||
        category.subcategories.some((sub) => sub.name.toLowerCase().includes(q))),
  );
  const popular = loaderData.categories
    .filter((category) => category.parentId !== null)
    .sort((a, b) => b.productCount - a.productCount)
    .slice(0, POPULAR_COUNT);
  const tabHref = (id: string) => {
    const next = new URLSearchParams(params);
    if (id === 'all') next.delete('tab');
    else next.set('tab', id);
    const search = next.toString();
    return search ? `?${search}` : '/categories';
  };

  return (
    <div className="container-shop py-10 lg:py-14">
      <div className="flex flex-col gap-6 border-b border-line pb-6 md:flex-row md:items-end md:justify-between">
        <div>
          <p className="eyebrow">Browse</p>
          <h1 className="mt-2 text-display-lg">All Categories</h1>
          <p className="mt-2 text-sm text-muted">
            {loaderData.categories.length} categories of men&rsquo;s wear and designer bags
          </p>
        </div>
        <Form method="get" role="search" aria-label="Categories" className="relative w-full max-w-xs">
          {tab !== 'all' ? <input type="hidden" name="tab" value={tab} /> : null}
          <label htmlFor="category-search" className="sr-only">
            Search categories
          </label>
          <input
            id="category-search"
            type="search"
            name="q"
            defaultValue={params.get('q') ?? ''}
            placeholder="Search categories…"
            className="h-11 w-full rounded-full border border-line bg-white pr-11 pl-4 text-sm"
          />
          <button
            type="submit"
            aria-label="Search categories"
            className="absolute top-1/2 right-1.5 inline-flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full"
          >
            <Search width={16} height={16} />
          </button>
        </Form>
      </div>

      <nav aria-label="Category groups" className="mt-6 flex gap-2">
        {tabs.map((item) => (
          <Link
            key={item.id}
            to={tabHref(item.id)}
            aria-current={tab === item.id ? 'page' : undefined}
            className={cn(
              'rounded-full px-5 py-2 text-xs font-medium tracking-wide uppercase',
              tab === item.id ? 'bg-ink text-paper' : 'border border-line text-ink-soft hover:border-ink',
            )}
          >
            {item.label}
          </Link>
        ))}
      </nav>

      {shown.length === 0 ? (
        <p className="py-16 text-center text-muted">No categories match “{params.get('q')}”.</p>
      ) : (
        <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((category) => (
            <li key={category.id} className="group overflow-hidden rounded-card border border-line bg-white">
              <Link to={`/category/${category.id}`} className="block" tabIndex={-1} aria-hidden="true">
                <div className="aspect-[16/10] overflow-hidden bg-cream">
                  <ProductImage
                    image={category.image}
                    alt=""
                    sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                    className="h-full w-full object-[50%_40%] transition-transform duration-700 group-hover:scale-[1.03]"
                  />
                </div>
              </Link>
              <div className="p-5">
                <div className="flex items-baseline justify-between gap-3">
                  <h2 className="text-2xl">
                    <Link to={`/category/${category.id}`} className="hover:text-gold-deep">
                      {category.name}
                    </Link>
                  </h2>
                  <span className="text-xs whitespace-nowrap text-muted">{category.productCount} items</span>
                </div>
                <p className="mt-1 line-clamp-2 text-sm text-ink-soft">{category.description}</p>
                {category.subcategories.length > 0 ? (
                  <ul className="mt-4 flex flex-wrap gap-2 text-xs">
                    {category.subcategories.slice(0, SHOWN_SUBCATEGORIES).map((sub) => (
                      <li key={sub.id}>
                        <Link
                          to={`/category/${sub.id}`}
                          className="inline-block rounded-full bg-cream px-3 py-1 hover:bg-sand"
                        >
                          {sub.name}
                        </Link>
                      </li>
                    ))}
                    {category.subcategories.length > SHOWN_SUBCATEGORIES ? (
                      <li>
                        <Link
                          to={`/category/${category.id}`}
                          className="inline-block rounded-full border border-line px-3 py-1 text-muted hover:border-ink"
                        >
                          +{category.subcategories.length - SHOWN_SUBCATEGORIES} more
                        </Link>
                      </li>
                    ) : null}
                  </ul>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}

      <section className="mt-16" aria-labelledby="popular-title">
        <h2 id="popular-title" className="text-display-md">
          Popular Subcategories
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {popular.map((category) => (
            <li key={category.id}>
              <Link
                to={`/category/${category.id}`}
                className="flex items-center justify-between rounded-sm border border-line bg-white px-4 py-3 text-sm hover:border-ink"
              >
                <span>{category.name}</span>
                <span className="text-xs text-muted">{category.productCount}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
