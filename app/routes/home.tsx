import { ArrowRight, RotateCcw, ShieldCheck, Truck, Headphones } from 'lucide-react';
import { Link } from 'react-router';
import { formatNaira } from '../../contracts/money';
import { listCategories } from '../../core/catalog/list-categories';
import { listProducts } from '../../core/catalog/list-products';
import { getNewsletterOffer } from '../../core/newsletter/subscribe';
import { NewsletterForm } from '../components/newsletter-form';
import { ProductImage } from '../components/ui/product-image';
import { CollectionsTabs } from '../features/catalog/collections-tabs';
import { FlashSaleBanner } from '../features/catalog/flash-sale-banner';
import { Hero, type HeroSlide } from '../features/catalog/hero';
import { loadFlashSale } from '../features/catalog/flash-sale.server';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/home';

const COLLECTION_SIZE = 8;
const HERO_SLIDES = 4;

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.services.db;
  const [categories, featured, mens, womens, flashSale, newsletterOffer] = await Promise.all([
    listCategories(db),
    listProducts(db, { sort: 'featured', pageSize: COLLECTION_SIZE }),
    listProducts(db, { category: 'mens-wear', sort: 'featured', pageSize: COLLECTION_SIZE }),
    listProducts(db, { category: 'womens-bags', sort: 'featured', pageSize: COLLECTION_SIZE }),
    loadFlashSale(context.services),
    getNewsletterOffer(db),
  ]);
  // Alternate bags and men's wear so the rotation shows both halves of the shop.
  const slides: HeroSlide[] = womens.items
    .flatMap((bag, index) => [bag, mens.items[index]])
    .filter((product) => product?.image)
    .slice(0, HERO_SLIDES)
    .map((product) => ({ image: product!.image!, productId: product!.id, name: product!.name }));
  return {
    flashSale,
    newsletter: {
      offer: newsletterOffer,
      // A bag and a piece of men's wear the hero does not already show.
      images: [womens.items, mens.items]
        .map((items) => items.find((product, index) => index >= HERO_SLIDES / 2 && product.image)?.image)
        .filter((image) => image !== undefined && image !== null),
    },
    brands: categories
      .filter((category) => category.parentId === null)
      .flatMap((department) => department.brands),
    slides,
    departments: categories.filter((category) => category.parentId === null),
    tiles: categories.filter((category) => category.featured && category.parentId !== null).slice(0, 6),
    collections: [
      { id: 'featured', label: 'Featured', href: '/products', products: featured.items },
      { id: 'mens-wear', label: "Men's Wear", href: '/category/mens-wear', products: mens.items },
      {
        id: 'womens-bags',
        label: "Women's Bags",
        href: '/category/womens-bags',
        products: womens.items,
      },
    ],
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  const first = data?.slides[0]?.image;
  return pageMeta({
    title: `${root.shopName ?? 'Rossy'} · Premium Men's Wear & Designer Bags`,
    description:
      "Premium men's wear and designer women's bags, made for Lagos and delivered across Nigeria, priced in naira.",
    path: '/',
    image: first ? { key: first.key, alt: data.slides[0]!.name } : null,
    ...root,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, departments, tiles, collections, flashSale, brands, newsletter } = loaderData;
  const shop = useRootData()?.shop;

  return (
    <>
      <Hero slides={slides} tagline={shop?.tagline ?? ''} />

      {shop ? (
        <section aria-label="Our promises" className="border-b border-line bg-paper">
          <ul className="container-shop grid grid-cols-2 gap-y-6 py-8 text-sm lg:grid-cols-4">
            <Assurance
              icon={Truck}
              title="Free delivery"
              text={`On orders over ${formatNaira(shop.freeShippingThresholdKobo)}`}
            />
            <Assurance
              icon={RotateCcw}
              title={`${shop.returnsDays}-day returns`}
              text="Unworn, with tags on"
            />
            <Assurance
              icon={ShieldCheck}
              title={`${shop.warrantyMonths}-month warranty`}
              text="On manufacturing defects"
            />
            <Assurance icon={Headphones} title="Here to help" text={shop.businessHours} />
          </ul>
        </section>
      ) : null}

      <section className="container-shop mt-16" aria-labelledby="departments-title">
        <h2 id="departments-title" className="sr-only">
          Shop by department
        </h2>
        <ul className="grid gap-4 md:grid-cols-2 lg:gap-6">
          {departments.map((department, index) => (
            <li key={department.id}>
              <Link
                to={`/category/${department.id}`}
                className="group relative block aspect-[4/3] overflow-hidden rounded-card bg-cream md:aspect-[5/4]"
              >
                <ProductImage
                  image={department.image}
                  alt=""
                  sizes="(min-width: 768px) 50vw, 100vw"
                  priority={false}
                  className="h-full w-full transition-transform duration-700 group-hover:scale-[1.03]"
                />
                <div className="absolute inset-0 bg-gradient-to-t from-ink/70 via-ink/10 to-transparent" />
                <div className="absolute inset-x-0 bottom-0 p-6 text-paper lg:p-8">
                  <p className="text-[0.6875rem] font-semibold tracking-[0.2em] uppercase opacity-90">
                    {index === 0 ? 'For her' : 'For him'}
                  </p>
                  <p className="mt-1 font-display text-4xl font-semibold">{department.name}</p>
                  <p className="mt-2 inline-flex items-center gap-2 text-sm">
                    {department.productCount} pieces{' '}
                    <ArrowRight
                      width={16}
                      height={16}
                      className="transition-transform group-hover:translate-x-1"
                    />
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {flashSale ? (
        <div className="mt-20">
          <FlashSaleBanner sale={flashSale} />
        </div>
      ) : null}

      <section className="container-shop render-when-near mt-20" aria-labelledby="categories-title">
        <div className="mb-8 flex items-end justify-between">
          <div>
            <p className="eyebrow">Shop by category</p>
            <h2 id="categories-title" className="mt-2 text-display-lg">
              Find your piece
            </h2>
          </div>
          <Link
            to="/categories"
            className="hidden text-sm font-medium underline-offset-4 hover:underline sm:inline"
          >
            All categories
          </Link>
        </div>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {tiles.map((category) => (
            <li key={category.id}>
              <Link to={`/category/${category.id}`} className="group block">
                <div className="aspect-[4/5] overflow-hidden rounded-card bg-cream">
                  <ProductImage
                    image={category.image}
                    alt=""
                    sizes="(min-width: 1024px) 16vw, (min-width: 640px) 33vw, 50vw"
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

      <CollectionsTabs collections={collections} />

      {shop ? (
        <section className="container-shop render-when-near mt-20" aria-labelledby="whatsapp-title">
          <div className="grid items-center gap-6 rounded-card bg-[#0f3d2b] px-6 py-10 text-paper md:grid-cols-[1fr_auto] md:px-12">
            <div>
              <p className="text-[0.6875rem] font-semibold tracking-[0.2em] text-[#9fd8b9] uppercase">
                Shop by chat
              </p>
              <h2 id="whatsapp-title" className="mt-2 text-display-md text-paper">
                Order on WhatsApp
              </h2>
              <p className="mt-2 max-w-xl text-sm text-paper/80">
                Send us a photo or a product link and our stylists will confirm sizes, colours and delivery,{' '}
                {shop.businessHours.toLowerCase()}.
              </p>
            </div>
            <a
              href={`https://wa.me/${shop.whatsappNumber}?text=${encodeURIComponent(`Hello ${shop.name}! I would like some help choosing a piece.`)}`}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex h-12 items-center justify-center rounded-sm bg-[#25d366] px-6 text-sm font-semibold tracking-wide text-[#0b2a1d] uppercase hover:bg-[#3be07a]"
            >
              Start Chatting
            </a>
          </div>
        </section>
      ) : null}

      <section className="container-shop render-when-near mt-20" aria-labelledby="newsletter-title">
        <div className="grid grid-cols-1 overflow-hidden rounded-card border border-line bg-cream md:grid-cols-[1fr_1.15fr]">
          <div className="hidden grid-cols-2 gap-px bg-line md:grid">
            {newsletter.images.map((image) => (
              <div key={image.key} className="relative">
                <ProductImage
                  image={image}
                  alt=""
                  sizes="(min-width: 1280px) 300px, 23vw"
                  className="absolute inset-0 h-full w-full"
                />
              </div>
            ))}
          </div>
          <div className="px-6 py-12 sm:px-10 md:py-16 lg:px-16">
            <p className="eyebrow">The {shop?.name ?? 'Rossy'} letter</p>
            <h2 id="newsletter-title" className="mt-3 text-display-md sm:text-display-lg">
              {newsletter.offer ? `${newsletter.offer.percent}% off your first order` : 'Join our list'}
            </h2>
            <p className="mt-3 max-w-md text-sm leading-relaxed text-ink-soft">
              New arrivals, private sales and styling notes from our Lagos studio.
              {newsletter.offer ? ' Your welcome code arrives by e-mail the moment you join.' : null}
            </p>
            <NewsletterForm className="mt-7 max-w-md" />
            {newsletter.offer ? (
              <p className="mt-3 text-xs text-muted">For a first order. We never share your address.</p>
            ) : null}
          </div>
        </div>
      </section>

      {brands.length > 0 ? (
        <section className="container-shop render-when-near mt-20" aria-labelledby="brands-title">
          <p className="eyebrow text-center">The houses we carry</p>
          <h2 id="brands-title" className="sr-only">
            Brands
          </h2>
          <ul className="mt-6 grid grid-cols-2 gap-px overflow-hidden rounded-card border border-line bg-line sm:grid-cols-3 lg:grid-cols-6">
            {brands.map((brand) => (
              <li
                key={brand.id}
                className="flex h-20 items-center justify-center bg-paper px-3 text-center font-display text-lg font-semibold tracking-wide text-ink-soft"
              >
                {brand.name}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function Assurance({ icon: Icon, title, text }: { icon: typeof Truck; title: string; text: string }) {
  return (
    <li className="flex items-start gap-3 px-2">
      <Icon
        width={22}
        height={22}
        strokeWidth={1.25}
        className="mt-0.5 shrink-0 text-gold-deep"
        aria-hidden="true"
      />
      <div>
        <p className="font-medium">{title}</p>
        <p className="text-xs text-muted">{text}</p>
      </div>
    </li>
  );
}
