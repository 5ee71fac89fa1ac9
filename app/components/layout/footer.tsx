import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { NewsletterForm } from '../newsletter-form';
import { quickAccess } from './nav-links';
import type { ShopInfo as ShellShop } from '../../lib/root-data';

const columns = [
  {
    title: 'Shop',
    links: [
      { to: '/products', label: 'All Products' },
      { to: '/products?category=mens-wear', label: "Men's Wear" },
      { to: '/products?category=womens-bags', label: "Women's Bags" },
      { to: '/categories', label: 'Categories' },
      { to: '/sale', label: 'Sale' },
    ],
  },
  {
    title: 'Customer Care',
    links: [
      { to: '/help', label: 'Help & FAQs' },
      { to: '/track-order', label: 'Track Your Order' },
      { to: '/shipping', label: 'Shipping & Returns' },
      { to: '/warranty-support', label: 'Warranty & Support' },
      { to: '/faq', label: 'FAQ' },
    ],
  },
  {
    title: 'The House',
    links: [
      { to: '/about', label: 'About Us' },
      { to: '/blog', label: 'Journal' },
      { to: '/contact', label: 'Contact' },
      { to: '/terms', label: 'Terms & Conditions' },
      { to: '/privacy', label: 'Privacy Policy' },
    ],
  },
];

export function Footer({ shop }: { shop: ShellShop }) {
  return (
    <footer className="mt-20 bg-ink text-paper/80">
      <div className="container-shop grid gap-12 py-14 lg:grid-cols-[1.3fr_2fr_1.2fr]">
        <div className="space-y-5">
          <p className="font-display text-3xl font-semibold tracking-[0.28em] text-paper">
            {shop.name.toUpperCase()}
          </p>
          <p className="max-w-xs text-sm leading-relaxed">{shop.tagline}</p>
          <section aria-labelledby="footer-newsletter-title" className="max-w-sm pt-1">
            <h2
              id="footer-newsletter-title"
              className="mb-2 font-sans text-[0.6875rem] font-semibold tracking-[0.18em] text-gold-soft uppercase"
            >
              Newsletter
            </h2>
            <p className="mb-3 text-sm leading-relaxed">
              New arrivals, private sales and a welcome gift on your first order.
            </p>
            <NewsletterForm tone="dark" label="Email address for our newsletter" />
          </section>
          <ul className="flex gap-4 text-sm" aria-label="Follow us">
            <li>
              <a href={shop.social.instagram} className="hover:text-gold-soft" rel="noopener noreferrer">
                Instagram
              </a>
            </li>
            <li>
              <a href={shop.social.facebook} className="hover:text-gold-soft" rel="noopener noreferrer">
                Facebook
              </a>
            </li>
            <li>
              <a href={shop.social.x} className="hover:text-gold-soft" rel="noopener noreferrer">
                X
              </a>
            </li>
          </ul>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          {columns.map((column) => (
            <div key={column.title}>
              <h2 className="mb-4 font-sans text-[0.6875rem] font-semibold tracking-[0.18em] text-gold-soft uppercase">
                {column.title}
              </h2>
              <ul className="space-y-2.5 text-sm">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="hover:text-paper">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div className="space-y-6">
          <div>
            <h2 className="mb-4 font-sans text-[0.6875rem] font-semibold tracking-[0.18em] text-gold-soft uppercase">
              Visit or Call
            </h2>
            <ul className="space-y-2.5 text-sm">
              <li className="flex gap-2">
                <MapPin
                  width={16}
                  height={16}
                  strokeWidth={1.5}
                  className="mt-0.5 shrink-0"
                  aria-hidden="true"
                />{' '}
                {shop.address}
              </li>
              <li className="flex gap-2">
                <Phone
                  width={16}
                  height={16}
                  strokeWidth={1.5}
                  className="mt-0.5 shrink-0"
                  aria-hidden="true"
                />
                <a href={`tel:${shop.supportPhone.replace(/\s+/g, '')}`} className="hover:text-paper">
                  {shop.supportPhone}
                </a>
              </li>
              <li className="flex gap-2">
                <Mail
                  width={16}
                  height={16}
                  strokeWidth={1.5}
                  className="mt-0.5 shrink-0"
                  aria-hidden="true"
                />
                <a href={`mailto:${shop.supportEmail}`} className="hover:text-paper">
                  {shop.supportEmail}
                </a>
              </li>
              <li className="flex gap-2">
                <Clock
                  width={16}
                  height={16}
                  strokeWidth={1.5}
                  className="mt-0.5 shrink-0"
                  aria-hidden="true"
                />{' '}
                {shop.businessHours}
              </li>
            </ul>
          </div>
          <div>
            <h2 className="mb-3 font-sans text-[0.6875rem] font-semibold tracking-[0.18em] text-gold-soft uppercase">
              Quick Access
            </h2>
            <ul className="grid grid-cols-3 gap-2 text-center text-xs">
              {quickAccess.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="block rounded-sm border border-paper/15 py-2 hover:border-gold-soft hover:text-paper"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
      <div className="border-t border-paper/10">
        <div className="container-shop flex flex-col gap-2 py-6 pb-24 text-xs sm:flex-row sm:justify-between md:pb-6">
          <p>
            © {new Date().getFullYear()} {shop.name}. Prices in naira (₦), VAT where it applies.
          </p>
          <p>
            <Link to="/sitemap" className="hover:text-paper">
              Sitemap
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
