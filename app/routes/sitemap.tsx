import { Link } from 'react-router';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/sitemap';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Sitemap',
    description: 'Every page of the Rossy shop.',
    path: '/sitemap',
    ...rootMeta(matches),
  });
}

const groups = [
  {
    title: 'Main Pages',
    links: [
      ['/', 'Home'],
      ['/products', 'All Products'],
      ['/categories', 'Categories'],
      ['/sale', 'Sale'],
      ['/about', 'About Us'],
      ['/blog', 'Journal'],
    ],
  },
  {
    title: 'Shopping',
    links: [
      ['/category/mens-wear', "Men's Wear"],
      ['/category/womens-bags', "Women's Bags"],
      ['/cart', 'Cart'],
      ['/wishlist', 'Wishlist'],
      ['/checkout', 'Checkout'],
    ],
  },
  {
    title: 'User Account',
    links: [
      ['/login', 'Sign In'],
      ['/register', 'Create Account'],
      ['/profile', 'Profile'],
      ['/orders', 'My Orders'],
      ['/notifications', 'Notifications'],
    ],
  },
  {
    title: 'Customer Support',
    links: [
      ['/help', 'Help & FAQs'],
      ['/faq', 'FAQ'],
      ['/contact', 'Contact Us'],
      ['/track-order', 'Track Your Order'],
      ['/shipping', 'Shipping & Returns'],
      ['/warranty-support', 'Warranty & Support'],
    ],
  },
  {
    title: 'Legal & Policies',
    links: [
      ['/terms', 'Terms & Conditions'],
      ['/privacy', 'Privacy Policy'],
    ],
  },
] as const;

export default function SitemapPage() {
  return (
    <section className="container-shop py-14">
      <p className="eyebrow">Find your way</p>
      <h1 className="mt-2 text-display-lg">Sitemap</h1>
      <div className="mt-10 grid gap-10 sm:grid-cols-2 lg:grid-cols-3">
        {groups.map((group) => (
          <div key={group.title}>
            <h2 className="mb-3 text-2xl">{group.title}</h2>
            <ul className="space-y-2 text-sm">
              {group.links.map(([to, label]) => (
                <li key={to}>
                  <Link to={to} className="text-ink-soft underline-offset-4 hover:text-ink hover:underline">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
