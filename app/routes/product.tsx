import { MessageCircle, RotateCcw, ShieldCheck, Truck } from 'lucide-react';
import { data, isRouteErrorResponse, Link, redirect, useRouteError, useSearchParams } from 'react-router';
import { hasSizeChoice } from '../../contracts/fit';
import { deliveryPromise } from '../../contracts/delivery';
import { nairaDigits } from '../../contracts/money';
import { getProductPage } from '../../core/catalog/get-product';
import { addReview } from '../../core/catalog/reviews';
import { isAppError } from '../../core/errors';
import { Badge } from '../components/ui/badge';
import { ButtonLink } from '../components/ui/button';
import { Stars } from '../components/ui/stars';
import { ProductGallery } from '../features/catalog/product-gallery';
import { ProductGrid } from '../features/catalog/product-grid';
import { productJsonLd, whatsappOrderLink } from '../features/catalog/product-links';
import { ChoicePrice, ProductPurchase } from '../features/catalog/product-purchase';
import { useVariantChoice, variantPriceKobo } from '../features/catalog/variant-choice';
import { ProductTabs } from '../features/catalog/product-tabs';
import { ProductDelivery } from '../features/catalog/product-delivery';
import { formFailure, formText } from '../lib/action-result.server';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/product';

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const { product, related, reviews } = await getProductPage(context.services.db, params.id);
    return { product, related, reviews, signedIn: context.user !== null };
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') throw data('Product not found', { status: 404 });
    throw error;
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  if (!context.user)
    throw redirect(`/login?notice=expired&redirectTo=${encodeURIComponent(`/product/${params.id}`)}`);
  const form = await request.formData();
  try {
    await addReview(context.services.accounts, context.user, params.id, {
      rating: formText(form, 'rating'),
      title: formText(form, 'title'),
      comment: formText(form, 'comment'),
      fit: formText(form, 'fit'),
    });
    return { ok: true as const, error: null, fields: {} };
  } catch (error) {
    return formFailure(error, 'Please fill in all review fields.');
  }
}

export function meta({ data: loaded, matches, params }: Route.MetaArgs) {
  const root = rootMeta(matches);
  if (!loaded)
    return pageMeta({
      title: 'Product Not Found',
      description: 'This product is no longer available.',
      ...root,
    });
  const { product } = loaded;
  const image = product.images[0];
  return [
    ...pageMeta({
      title: product.name,
      description: `${product.description.slice(0, 150)}${product.description.length > 150 ? '…' : ''}`,
      ...root,
      path: `/product/${params.id}`,
      image: image ? { key: image.key, alt: image.alt || product.name } : null,
      type: 'product',
    }),
    { property: 'product:price:amount', content: nairaDigits(product.priceKobo) },
    { property: 'product:price:currency', content: 'NGN' },
  ];
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, related, reviews, signedIn } = loaderData;
  const root = useRootData();
  const shop = root?.shop;
  // What checkout will charge for delivery, in the same words everywhere (core/orders/pricing.ts).
  const delivery = shop ? deliveryPromise(product, shop) : null;
  const productUrl = `${root?.publicUrl ?? ''}/product/${product.id}`;
  // A back-in-stock e-mail links here with its size and colour chosen.
  const [params] = useSearchParams();
  const choosing = useVariantChoice(product, { size: params.get('size'), color: params.get('color') });
  const { choice, variant } = choosing;

  return (
    <div className="container-shop py-4 sm:py-6 lg:py-10">
      <nav aria-label="Breadcrumb" className="mb-4 text-xs text-muted sm:mb-6">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to="/" className="hover:text-ink">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          {product.department ? (
            <>
              <li>
                <Link to={`/products?category=${product.department.id}`} className="hover:text-ink">
                  {product.department.name}
                </Link>
              </li>
              <li aria-hidden="true">/</li>
            </>
          ) : null}
          <li>
            <Link to={`/products?category=${product.categoryId}`} className="hover:text-ink">
              {product.categoryName}
            </Link>
          </li>
        </ol>
      </nav>

      <div className="grid gap-5 sm:gap-8 lg:grid-cols-2 lg:gap-14">
        <ProductGallery images={product.images} name={product.name} color={choice.color} />
        {/* On a phone the name, rating and price come before the photos, so the first screen shows them. */}
        <div className="max-sm:contents lg:pt-4">
          <div className="max-sm:order-first">
            {product.brandName ? <p className="eyebrow">{product.brandName}</p> : null}
            <h1 className="mt-2 text-display-md lg:text-display-lg">{product.name}</h1>
            <div
              className="mt-3 flex flex-wrap items-center gap-3 text-sm text-muted"
              data-testid="product-rating"
            >
              {product.reviewCount > 0 ? (
                <>
                  <Stars rating={product.ratingAverage} />
                  <span>
                    {product.ratingAverage.toFixed(1)} · {product.reviewCount}{' '}
                    {product.reviewCount === 1 ? 'review' : 'reviews'}
                  </span>
                </>
              ) : (
                <span>No reviews yet</span>
              )}
            </div>
            <div className="mt-3 flex flex-wrap items-center gap-3 sm:mt-5" data-testid="product-price">
              <ChoicePrice product={product} variant={variant} size="lg" />
              {product.discountPercent > 0 ? (
                <Badge tone="sale">Save {product.discountPercent}%</Badge>
              ) : null}
              {product.isNew ? <Badge tone="new">New</Badge> : null}
              {product.tag ? <Badge tone="gold">{product.tag}</Badge> : null}
            </div>
            {product.stockStatus === 'out_of_stock' ? (
              <p className="mt-3 text-sm font-semibold text-sale">Out of Stock</p>
            ) : null}
          </div>
          <div>
            <p className="mt-6 line-clamp-4 leading-relaxed text-ink-soft max-sm:mt-0">
              {product.description}
            </p>
            <div className="mt-8">
              <ProductPurchase product={product} choosing={choosing} />
            </div>
            {shop ? (
              <a
                href={whatsappOrderLink(
                  shop.whatsappNumber,
                  { name: product.name, priceKobo: variant ? variantPriceKobo(variant) : product.priceKobo },
                  productUrl,
                  choice,
                )}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-4 inline-flex h-12 w-full items-center justify-center gap-2 rounded-sm border border-[#1f7a4d] text-sm font-medium tracking-wide text-[#1f7a4d] uppercase hover:bg-[#1f7a4d] hover:text-white"
              >
                <MessageCircle width={18} height={18} aria-hidden="true" /> Order via WhatsApp
              </a>
            ) : null}
            {shop ? (
              <ul className="mt-8 grid gap-3 border-t border-line pt-6 text-sm text-ink-soft sm:grid-cols-3">
                <li className="sm:col-span-3">
                  <ProductDelivery productId={product.id} />
                </li>
                {delivery ? (
                  <li className="flex items-center gap-2">
                    <Truck width={18} height={18} strokeWidth={1.5} aria-hidden="true" />
                    {delivery}
                  </li>
                ) : null}
                <li className="flex items-center gap-2">
                  <RotateCcw width={18} height={18} strokeWidth={1.5} aria-hidden="true" /> {shop.returnsDays}
                  -day returns
                </li>
                <li className="flex items-center gap-2">
                  <ShieldCheck width={18} height={18} strokeWidth={1.5} aria-hidden="true" />{' '}
                  {shop.warrantyMonths}-month warranty
                </li>
              </ul>
            ) : null}
          </div>
        </div>
      </div>

      <ProductTabs
        description={product.description}
        specs={product.specs}
        reviews={reviews}
        ratingAverage={product.ratingAverage}
        signedIn={signedIn}
        loginHref={`/login?redirectTo=${encodeURIComponent(`/product/${product.id}`)}`}
        reviewResult={actionData}
        askFit={hasSizeChoice(product.sizes)}
      />

      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: productJsonLd(product, productUrl, root?.publicUrl ?? '') }}
      />

      {related.length > 0 ? (
        <section className="mt-20" aria-labelledby="related-title">
          <h2 id="related-title" className="mb-8 text-display-md">
            You May Also Like
          </h2>
          <ProductGrid products={related} />
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-shop flex flex-col items-center py-24 text-center">
      <h1 className="text-display-md">
        {notFound ? 'Product Not Found' : 'This product could not be shown'}
      </h1>
      <p className="mt-3 max-w-md text-muted">
        {notFound
          ? 'The product you are looking for is no longer available or the link is wrong.'
          : 'Please try again in a moment.'}
      </p>
      <ButtonLink to="/products" className="mt-8">
        Back to Products
      </ButtonLink>
    </section>
  );
}
