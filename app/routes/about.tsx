import { Link } from 'react-router';
import { listCategories } from '../../core/catalog/list-categories';
import { ProductImage } from '../components/ui/product-image';
import { formatCount } from '../../contracts/figures';
import { formatNaira } from '../../contracts/money';
import { Breadcrumb } from '../features/content/content-page';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/about';

export async function loader({ context }: Route.LoaderArgs) {
  const categories = await listCategories(context.services.db);
  const departments = categories.filter((category) => category.parentId === null);
  return {
    departments: departments.map((department) => ({
      id: department.id,
      name: department.name,
      description: department.description,
      image: department.image,
      productCount: department.productCount,
      subcategoryCount: department.subcategories.length,
      brandCount: department.brands.length,
    })),
    pieces: departments.reduce((sum, department) => sum + department.productCount, 0),
    brands: new Set(departments.flatMap((department) => department.brands.map((brand) => brand.id))).size,
    categories: categories.length,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'About Us',
    description:
      "The house behind Rossy: premium men's wear and designer bags from Lagos, delivered across Nigeria.",
    path: '/about',
    ...rootMeta(matches),
  });
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const shop = useRootData()?.shop;
  if (!shop) return null;
  const { departments, pieces, brands, categories } = loaderData;
  const figures = [
    { value: formatCount(pieces), label: 'pieces in the collection' },
    { value: String(categories), label: 'categories' },
    { value: String(brands), label: 'designer houses' },
    { value: `${shop.warrantyMonths} months`, label: 'warranty on every piece' },
  ];
  const values = [
    {
      title: 'Chosen for how it is made',
      text: 'Full-grain leathers, structured linings and solid hardware for our bags; pure cottons, wool blends and hand-finished embroidery for our men’s wear.',
    },
    {
      title: 'What you see is what we have',
      text: 'Sizes, colours and stock on this site come straight from our studio’s inventory, so the piece you order is on our shelf.',
    },
    {
      title: 'Delivered from Lagos',
      text: `Packed at our studio and sent across Nigeria, free on orders over ${formatNaira(shop.freeShippingThresholdKobo)}, with ${shop.returnsDays} days to change your mind.`,
    },
    {
      title: 'Looked after',
      text: `A ${shop.warrantyMonths}-month warranty against manufacturing defects, and people who answer when you call.`,
    },
  ];
  return (
    <div className="container-shop py-10 lg:py-16">
      <Breadcrumb current="About Us" />
      <header className="mt-6 max-w-3xl">
        <p className="eyebrow">Our story</p>
        <h1 className="mt-2 text-display-lg">About {shop.name}</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink-soft">{shop.tagline}</p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-16">
        <div className="space-y-4 leading-relaxed text-ink-soft">
          <p>
            {shop.name} began in Lagos with a simple idea: that a well-cut shirt, a suit that fits and a bag
            built to last should be easy to buy in Nigeria, priced in naira, from people you can call.
          </p>
          <p>
            Today we bring together men&rsquo;s wear and designer women&rsquo;s bags from houses we trust,
            chosen one piece at a time by our team at {shop.address}. We hold what we sell, so we can tell you
            the size, the colour and when it will reach you.
          </p>
          <p>
            Come and see the collection ({shop.businessHours}), or call us on{' '}
            <a
              href={`tel:${shop.supportPhone.replace(/\s+/g, '')}`}
              className="text-ink underline underline-offset-4"
            >
              {shop.supportPhone}
            </a>
            .
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-px self-start overflow-hidden rounded-card border border-line bg-line">
          {figures.map((figure) => (
            <div key={figure.label} className="flex flex-col bg-paper p-6">
              <dt className="text-sm text-ink-soft">{figure.label}</dt>
              <dd className="order-first font-display text-4xl font-semibold text-ink">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </div>

      <section aria-labelledby="about-departments" className="mt-16">
        <h2 id="about-departments" className="text-display-md">
          What we make
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2">
          {departments.map((department) => (
            <li key={department.id} className="overflow-hidden rounded-card border border-line bg-white">
              <Link to={`/category/${department.id}`} className="group block">
                <div className="aspect-[16/10] overflow-hidden bg-cream">
                  <ProductImage
                    image={department.image}
                    alt=""
                    sizes="(min-width: 640px) 50vw, 100vw"
                    className="h-full w-full object-cover object-[50%_40%] transition-transform duration-700 group-hover:scale-[1.03]"
                  />
                </div>
                <div className="p-5">
                  <h3 className="text-2xl group-hover:underline">{department.name}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-ink-soft">{department.description}</p>
                  <p className="mt-3 text-xs tracking-wider text-muted uppercase">
                    {department.productCount} pieces · {department.subcategoryCount} categories ·{' '}
                    {department.brandCount} houses
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-values" className="mt-16">
        <h2 id="about-values" className="text-display-md">
          How we work
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((value) => (
            <li key={value.title} className="border-t-2 border-gold pt-4">
              <h3 className="font-sans text-base font-semibold tracking-normal">{value.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-ink-soft">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-16 flex flex-wrap gap-3">
        <Link
          to="/products"
          className="inline-flex h-11 items-center rounded-sm bg-ink px-6 text-sm font-medium tracking-wide text-paper uppercase hover:bg-ink-soft"
        >
          Shop the Collection
        </Link>
        <Link
          to="/contact"
          className="inline-flex h-11 items-center rounded-sm border border-ink/80 px-6 text-sm font-medium tracking-wide uppercase hover:bg-ink hover:text-paper"
        >
          Contact Us
        </Link>
      </div>
    </div>
  );
}
