import { formatCount } from '../../contracts/figures';
import { isStaffRole } from '../../contracts/roles';
import { Link } from 'react-router';
import { listCategories } from '../../core/catalog/list-categories';
import { Breadcrumb } from '../features/content/content-page';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/sitemap';

export async function loader({ context }: Route.LoaderArgs) {
  const categories = await listCategories(context.services.db);
  const departments = categories.filter((category) => category.parentId === null);
  return {
    categories: categories.length,
    products: departments.reduce((sum, department) => sum + department.productCount, 0),
    // Departments first, then their subcategories, as the shop's menus order them.
    shopping: departments.flatMap((department) => [
      { to: `/category/${department.id}`, label: department.name },
      ...department.subcategories.map((sub) => ({ to: `/category/${sub.id}`, label: sub.name })),
    ]),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Sitemap',
    description:
      'Every page of the Rossy shop: collections, categories, your account, customer care and policies.',
    path: '/sitemap',
    ...rootMeta(matches),
  });
}

interface Group {
  title: string;
  links: readonly { to: string; label: string }[];
}

export default function SitemapPage({ loaderData }: Route.ComponentProps) {
  const isAdmin = isStaffRole(useRootData()?.user?.role);
  const groups: Group[] = [
    {
      title: 'Main Pages',
      links: [
        { to: '/', label: 'Home' },
        { to: '/products', label: 'All Products' },
        { to: '/categories', label: 'All Categories' },
        { to: '/sale', label: 'Sale' },
        { to: '/search', label: 'Search' },
        { to: '/about', label: 'About Us' },
        { to: '/blog', label: 'Journal' },
      ],
    },
    {
      title: 'User Account',
      links: [
        { to: '/login', label: 'Sign In' },
        { to: '/register', label: 'Create Account' },
        { to: '/forgot-password', label: 'Forgot Password' },
        { to: '/profile', label: 'Profile' },
        { to: '/orders', label: 'My Orders' },
        { to: '/notifications', label: 'Notifications' },
      ],
    },
    {
      title: 'Shopping',
      links: [
        { to: '/cart', label: 'Cart' },
        { to: '/wishlist', label: 'Wishlist' },
        { to: '/checkout', label: 'Checkout' },
        ...loaderData.shopping,
      ],
    },
    {
      title: 'Customer Support',
      links: [
        { to: '/help', label: 'Help Centre' },
        { to: '/faq', label: 'FAQ' },
        { to: '/contact', label: 'Contact Us' },
        { to: '/track-order', label: 'Track Your Order' },
        { to: '/shipping', label: 'Shipping & Returns' },
        { to: '/warranty-support', label: 'Warranty & Support' },
      ],
    },
    {
      title: 'Legal & Policies',
      links: [
        { to: '/terms', label: 'Terms & Conditions' },
        { to: '/privacy', label: 'Privacy Policy' },
        { to: '/sitemap', label: 'Sitemap' },
      ],
    },
    ...(isAdmin
      ? [
          {
            title: 'Admin Panel',
            links: [
              { to: '/admin', label: 'Dashboard' },
              { to: '/admin/products/new', label: 'Add Product' },
              { to: '/admin/users', label: 'User Management' },
              { to: '/admin/reports', label: 'Reports' },
            ],
          },
        ]
      : []),
  ];
  const pages = new Set(groups.flatMap((group) => group.links.map((link) => link.to))).size;
  const stats = [
    { value: String(pages), label: 'pages' },
    { value: String(loaderData.categories), label: 'categories' },
    { value: formatCount(loaderData.products), label: 'products' },
    { value: '24/7', label: 'live chat' },
  ];
  return (
    <div className="container-shop py-10 lg:py-16">
      <Breadcrumb current="Sitemap" />
      <header className="mt-6 max-w-2xl">
        <p className="eyebrow">Find your way</p>
        <h1 className="mt-2 text-display-lg">Sitemap</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink-soft">Every page of the shop, in one place.</p>
      </header>
      <dl className="mt-8 grid grid-cols-2 gap-px overflow-hidden rounded-card border border-line bg-line sm:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col bg-paper px-5 py-4">
            <dt className="text-xs tracking-wider text-muted uppercase">{stat.label}</dt>
            <dd className="order-first font-display text-3xl font-semibold">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-12 grid gap-10 sm:grid-cols-2 lg:grid-cols-3">
        {groups.map((group) => (
          <section
            key={group.title}
            aria-labelledby={`sitemap-${group.title.replace(/\W+/g, '-').toLowerCase()}`}
          >
            <h2
              id={`sitemap-${group.title.replace(/\W+/g, '-').toLowerCase()}`}
              className="mb-3 border-b border-line pb-2 text-2xl"
            >
              {group.title}
            </h2>
            <ul className={group.links.length > 10 ? 'columns-2 gap-6 text-sm' : 'space-y-2 text-sm'}>
              {group.links.map((link) => (
                <li key={link.to} className="break-inside-avoid py-1">
                  <Link
                    to={link.to}
                    className="text-ink-soft underline-offset-4 hover:text-ink hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="mt-14 flex flex-wrap gap-3 border-t border-line pt-8">
        <Link
          to="/contact"
          className="inline-flex h-11 items-center rounded-sm bg-ink px-6 text-sm font-medium tracking-wide text-paper uppercase hover:bg-ink-soft"
        >
          Contact Support
        </Link>
        <Link
          to="/help"
          className="inline-flex h-11 items-center rounded-sm border border-ink/80 px-6 text-sm font-medium tracking-wide uppercase hover:bg-ink hover:text-paper"
        >
          Help Center
        </Link>
      </div>
    </div>
  );
}
