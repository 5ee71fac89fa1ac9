import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_ROUTE, pageRouteMatcher } from './page-routes';

/** The shape of the build's route manifest, as app/routes.ts makes it: a root, its pages and a catch-all. */
const manifest = Object.fromEntries(
  [
    { id: 'root', path: '' },
    { id: 'routes/home', parentId: 'root', index: true },
    { id: 'routes/products', parentId: 'root', path: 'products' },
    { id: 'routes/product', parentId: 'root', path: 'product/:id' },
    { id: 'routes/blog-tag', parentId: 'root', path: 'blog/tag/:slug' },
    { id: 'routes/sitemap-xml', parentId: 'root', path: 'sitemap.xml' },
    { id: 'routes/not-found', parentId: 'root', path: '*' },
  ].map((route) => [route.id, { module: {}, ...route }]),
) as unknown as ServerBuild['routes'];

describe('the page route of a path', () => {
  const match = pageRouteMatcher(manifest);

  it('is the pattern of the route that renders it', () => {
    expect(match('/')).toBe('/');
    expect(match('/products')).toBe('/products');
    expect(match('/products/')).toBe('/products');
    expect(match('/product/1001')).toBe('/product/:id');
    expect(match('/product/%E2%82%A6')).toBe('/product/:id');
    expect(match('/product/%E0%A4')).toBe('/product/:id');
    expect(match('/blog/tag/agbada')).toBe('/blog/tag/:slug');
    expect(match('/sitemap.xml')).toBe('/sitemap.xml');
  });

  it('is the same for the page’s data request', () => {
    expect(match('/_root.data')).toBe('/');
    expect(match('/product/1001.data')).toBe('/product/:id');
  });

  it('is one label for every path no page has, a broken escape too', () => {
    for (const path of ['/abcxyz', '/product/1/extra', '/a/b/c/d', '/%zz', '/%E0%A4', '/blog/tag'])
      expect(match(path), path).toBe(NOT_FOUND_ROUTE);
  });
});
