/** The shop's main navigation, shared by the header, the mobile menu and the footer. */
export const mainNav = [
  { to: '/', label: 'Home' },
  { to: '/sale', label: 'Sale', hot: true },
  { to: '/products', label: 'All Products' },
  { to: '/products?category=mens-wear', label: "Men's Wear" },
  { to: '/products?category=womens-bags', label: "Women's Bags" },
] as const;

export const quickAccess = [
  { to: '/cart', label: 'Cart' },
  { to: '/wishlist', label: 'Wishlist' },
  { to: '/orders', label: 'Orders' },
  { to: '/help', label: 'Help' },
  { to: '/contact', label: 'Contact' },
  { to: '/sitemap', label: 'Sitemap' },
] as const;
