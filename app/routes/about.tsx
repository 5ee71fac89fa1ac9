import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/about';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'About Us',
    description: "The house behind Rossy: premium men's wear and designer bags from Lagos.",
    path: '/about',
    ...rootMeta(matches),
  });
}

export default function AboutPage() {
  const shop = useRootData()?.shop;
  return (
    <SimplePage
      eyebrow="Our story"
      title={`About ${shop?.name ?? 'Rossy'}`}
      links={[
        { to: '/products', label: 'Shop the Collection' },
        { to: '/contact', label: 'Contact Us' },
      ]}
    >
      <p>{shop?.tagline}</p>
      <p>
        We choose every piece for how it is made: full-grain leathers, structured linings and solid hardware
        for our bags; pure cottons, wool blends and hand-finished embroidery for our men&rsquo;s wear. Sizes,
        colours and stock on this site come straight from our studio&rsquo;s inventory, so what you see is
        what we can send.
      </p>
      {shop ? (
        <p>
          Visit us at {shop.address}, {shop.businessHours.toLowerCase()}, or call {shop.supportPhone}.
        </p>
      ) : null}
    </SimplePage>
  );
}
