import { Link } from 'react-router';
import { listCategories } from '../../core/catalog/list-categories';
import { ProductImage } from '../components/ui/product-image';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/categories';

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
  const departments = loaderData.categories.filter((category) => category.parentId === null);
  return (
    <div className="container-shop py-10 lg:py-14">
      <p className="eyebrow">Browse</p>
      <h1 className="mt-2 text-display-lg">All Categories</h1>
      {departments.map((department) => (
        <section key={department.id} className="mt-12" aria-labelledby={`dept-${department.id}`}>
          <h2 id={`dept-${department.id}`} className="mb-6 text-display-md">
            <Link to={`/category/${department.id}`} className="hover:text-gold-deep">
              {department.name}
            </Link>
          </h2>
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {loaderData.categories
              .filter((category) => category.parentId === department.id)
              .map((category) => (
                <li key={category.id}>
                  <Link to={`/category/${category.id}`} className="group block">
                    <div className="aspect-[4/5] overflow-hidden rounded-card bg-cream">
                      <ProductImage
                        image={category.image}
                        alt=""
                        sizes="(min-width: 1024px) 20vw, (min-width: 640px) 33vw, 50vw"
                        className="h-full w-full transition-transform duration-700 group-hover:scale-[1.04]"
                      />
                    </div>
                    <p className="mt-3 text-sm font-medium">{category.name}</p>
                    <p className="text-xs text-muted">{category.productCount} pieces</p>
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
