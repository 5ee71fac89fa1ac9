import type { ProductSummary } from '../../../contracts/catalog';
import { Skeleton } from '../../components/ui/skeleton';
import { ProductCard } from './product-card';

export function ProductGrid({
  products,
  priorityCount = 0,
  columns = 4,
}: {
  products: ProductSummary[];
  priorityCount?: number;
  columns?: 3 | 4;
}) {
  return (
    <ul
      className={`grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:gap-x-6 lg:gap-y-10 ${columns === 4 ? 'lg:grid-cols-4' : ''}`}
    >
      {products.map((product, index) => (
        <li key={product.id} className="render-when-near [contain-intrinsic-size:auto_22rem]">
          <ProductCard product={product} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 8, columns = 4 }: { count?: number; columns?: 3 | 4 }) {
  return (
    <ul
      aria-busy="true"
      aria-label="Loading products"
      className={`grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:gap-x-6 lg:gap-y-10 ${columns === 4 ? 'lg:grid-cols-4' : ''}`}
    >
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="space-y-3">
          <Skeleton className="aspect-[4/5] w-full" />
          <Skeleton className="h-3 w-1/3" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/4" />
        </li>
      ))}
    </ul>
  );
}
