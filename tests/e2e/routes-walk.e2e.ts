import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adminCredentials,
  axeViolations,
  closeBrowser,
  openPage,
  url,
  waitForHydration,
  WIDTHS,
  type OpenedPage,
  signUpThroughApi,
} from './fixtures';

afterAll(closeBrowser);

/** Words that give away a page still waiting for its content. */
const PLACEHOLDER = /placeholder|lorem ipsum|coming soon|\bTODO\b|will appear here|under construction/i;

/** Links that act rather than show (signing out) are not followed. */
const NOT_FOLLOWED = [/^\/logout\b/];

const shopper = {
  name: 'Ngozi Walker',
  email: `walk-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.test`,
  password: 'Walk-the-Routes-8831',
};
const address = {
  firstName: 'Ngozi',
  lastName: 'Walker',
  address: '22 Bourdillon Road',
  city: 'Ikoyi',
  state: 'Lagos',
  zipCode: '101233',
  country: 'Nigeria',
};

interface Ids {
  product: number;
  category: string;
  search: string;
  post: { id: number; category: string; tag: string };
}
let ids: Ids;

async function json<T>(path: string): Promise<T> {
  const response = await fetch(url(path));
  expect(response.status, `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

beforeAll(async () => {
  const products = await json<{ items: { id: number; name: string; stockCount: number }[] }>(
    '/api/products?availability=in-stock&pageSize=24',
  );
  const product = [...products.items].sort((a, b) => b.stockCount - a.stockCount)[0];
  const categories = await json<{ id: string; parentId: string | null }[] | { categories: { id: string }[] }>(
    '/api/categories',
  );
  const categoryList = Array.isArray(categories) ? categories : categories.categories;
  const blog = await json<{ posts: { id: number; category: { slug: string }; tags: { slug: string }[] }[] }>(
    '/api/blog/posts',
  );
  const post = blog.posts.find((candidate) => candidate.tags.length > 0);
  if (!product || !categoryList[0] || !post)
    throw new Error('The seeded shop has no product, category or blog post');
  ids = {
    product: product.id,
    category: categoryList[0].id,
    search: product.name.split(' ')[0] ?? 'bag',
    post: { id: post.id, category: post.category.slug, tag: post.tags[0]!.slug },
  };
});

/** Every distinct same-site link of the page, as path and query, without the fragment. */
async function internalLinks(page: Page): Promise<string[]> {
  // In-page anchors (the skip link, a table of contents) stay on the page just checked.
  const hrefs = await page.$$eval('a[href]:not([href^="#"])', (anchors) =>
    anchors.map((anchor) => (anchor as HTMLAnchorElement).href),
  );
  const origin = new URL(url('/')).origin;
  const found = new Set<string>();
  for (const href of hrefs) {
    const target = new URL(href);
    if (target.origin !== origin) continue;
    const path = target.pathname + target.search;
    if (NOT_FOLLOWED.some((pattern) => pattern.test(path))) continue;
    found.add(path);
  }
  return [...found];
}

/** Visits each path: its status, no placeholder text in what a shopper reads, and the links it offers. */
async function walk(
  opened: OpenedPage,
  paths: readonly string[],
  links: Map<string, string>,
  expectedStatus = (path: string) => (path.startsWith('/this-page-does-not-exist') ? 404 : 200),
): Promise<void> {
  const { page } = opened;
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), `GET ${path} status`).toBe(expectedStatus(path));
    await waitForHydration(page);
    const text = await page.locator('body').innerText();
    expect(text.match(PLACEHOLDER)?.[0], `placeholder text on ${path}`).toBeUndefined();
    expect((await page.locator('main h1').count()) > 0, `${path} has a main heading`).toBe(true);
    for (const link of await internalLinks(page)) if (!links.has(link)) links.set(link, path);
  }
}

/**
 * Every collected link answers below 400 for the same visitor (redirects followed). The browser
 * tests share one shop, so a piece another test deletes can vanish between the walk and the
 * check: a link that fails counts as broken only when the page that offered it still offers it.
 */
async function checkLinks(page: Page, links: Map<string, string>): Promise<void> {
  const broken: string[] = [];
  for (const [link, from] of links) {
    const response = await page.request.get(link, { maxRedirects: 5, failOnStatusCode: false });
    const status = response.status();
    await response.dispose();
    if (status < 400) continue;
    await page.goto(from);
    await waitForHydration(page);
    if ((await internalLinks(page)).includes(link)) broken.push(`${status} ${link} (linked from ${from})`);
  }
  expect(broken, 'links that lead nowhere').toEqual([]);
}

async function signIn(context: BrowserContext, email: string, password: string): Promise<void> {
  const response = await context.request.post('/api/login', { data: { email, password } });
  expect(response.status(), `POST /api/login as ${email}`).toBe(200);
}

const publicPaths = () => [
  '/',
  '/products',
  `/product/${ids.product}`,
  '/categories',
  `/category/${ids.category}`,
  '/cart',
  '/checkout',
  '/order-success',
  '/login',
  '/register',
  '/wishlist',
  '/sale',
  `/search?q=${encodeURIComponent(ids.search)}`,
  '/contact',
  '/about',
  '/blog',
  `/blog/${ids.post.id}`,
  `/blog/category/${ids.post.category}`,
  `/blog/tag/${ids.post.tag}`,
  '/help',
  '/track-order',
  '/forgot-password',
  '/sitemap',
  '/terms',
  '/privacy',
  '/shipping',
  '/faq',
  '/warranty-support',
  '/this-page-does-not-exist',
];

describe("SPEC.md's route table", () => {
  test(
    'every public route shows real content and links only to pages that exist',
    { timeout: 300_000 },
    async () => {
      const opened = await openPage(1280, { expectedErrorPaths: ['/this-page-does-not-exist'] });
      try {
        const links = new Map<string, string>();
        await walk(opened, publicPaths(), links);
        // /products/{id} (order pages' View Product links) leads to the product.
        await opened.page.goto(`/products/${ids.product}`);
        expect(new URL(opened.page.url()).pathname).toBe(`/product/${ids.product}`);
        await checkLinks(opened.page, links);
        expect(opened.problemReport()).toEqual([]);
      } finally {
        await opened.close();
      }
    },
  );

  test(
    "a signed-in shopper's pages, with a real order, show real content and working links",
    { timeout: 300_000 },
    async () => {
      const opened = await openPage(1280);
      try {
        const { context } = opened;
        await signUpThroughApi(shopper, context);
        const detail = await (await context.request.get(`/api/products/${ids.product}`)).json();
        const placed = await context.request.post('/api/orders', {
          data: {
            items: [
              {
                id: ids.product,
                quantity: 1,
                selectedSize: (detail as { sizes: string[] }).sizes[0] ?? null,
              },
            ],
            shippingMethod: 'standard',
            paymentMethod: 'bank-transfer',
            email: shopper.email,
            phone: '+234 803 555 0199',
            shippingAddress: address,
          },
        });
        expect(placed.status(), `POST /api/orders: ${await placed.text()}`).toBe(201);
        const orderId = ((await placed.json()) as { order: { id: string } }).order.id;

        const links = new Map<string, string>();
        await walk(
          opened,
          ['/profile', '/orders', `/orders/${orderId}`, `/orderdetails/${orderId}`, '/notifications'],
          links,
        );
        await opened.page.goto('/orders');
        await expect.poll(() => opened.page.locator('main').innerText()).toContain(orderId);
        await checkLinks(opened.page, links);
        expect(opened.problemReport()).toEqual([]);
      } finally {
        await opened.close();
      }
    },
  );

  test(
    'the admin routes show real content to an admin, and their links work',
    { timeout: 300_000 },
    async () => {
      const opened = await openPage(1280);
      try {
        const admin = adminCredentials();
        await signIn(opened.context, admin.email, admin.password);
        const links = new Map<string, string>();
        await walk(opened, ['/admin', '/admin/products/new', '/admin/users', '/admin/reports'], links);
        await checkLinks(opened.page, links);
        expect(opened.problemReport()).toEqual([]);
      } finally {
        await opened.close();
      }
    },
  );
});

const contentPages = [
  '/help',
  '/faq',
  '/about',
  '/terms',
  '/privacy',
  '/shipping',
  '/warranty-support',
  '/sitemap',
  '/contact',
  '/blog',
  '/notifications',
];

describe.each(WIDTHS)('axe (WCAG 2.2 AA) on the content and support pages at %ipx', (width) => {
  test(
    'no violations on help, FAQ, policies, sitemap, contact, blog and notifications',
    { timeout: 300_000 },
    async () => {
      const opened = await openPage(width);
      try {
        // Signed in, so /notifications shows the shopper's list rather than the sign-in page.
        await signUpThroughApi({ ...shopper, email: `axe-${width}-${shopper.email}` }, opened.context);
        const found: string[] = [];
        for (const path of contentPages) {
          const response = await opened.page.goto(path);
          expect(response?.status(), `GET ${path}`).toBe(200);
          expect(new URL(opened.page.url()).pathname).toBe(path);
          await waitForHydration(opened.page);
          for (const violation of await axeViolations(opened.page)) found.push(`${path}: ${violation}`);
        }
        expect(found).toEqual([]);
        expect(opened.problemReport()).toEqual([]);
      } finally {
        await opened.close();
      }
    },
  );
});
