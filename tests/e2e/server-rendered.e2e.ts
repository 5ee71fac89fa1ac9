import http from 'node:http';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { url } from './fixtures';

/** What a crawler or a phone without JavaScript gets: plain HTTP, no browser. */

interface ProductList {
  items: { id: number; name: string; price: number }[];
}

function decodeEntities(html: string): string {
  return html
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number.parseInt(decimal, 10)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The markup without any script (or React's text-separating comments): what is on screen before JavaScript runs. */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
}

function metaContent(html: string, property: string): string | undefined {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const key = /\b(?:property|name)="([^"]*)"/i.exec(tag)?.[1];
    if (key === property) {
      const content = /\bcontent="([^"]*)"/i.exec(tag)?.[1];
      return content === undefined ? undefined : decodeEntities(content);
    }
  }
  return undefined;
}

let products: ProductList['items'] = [];
let productsHtml = '';

beforeAll(async () => {
  const [api, page] = await Promise.all([fetch(url('/api/products')), fetch(url('/products'))]);
  expect(api.status).toBe(200);
  expect(page.status).toBe(200);
  products = ((await api.json()) as ProductList).items;
  productsHtml = await page.text();
});

describe('server-rendered pages', () => {
  test('/products lists the product names in its HTML, before any script runs', () => {
    expect(products.length, '/api/products returns products').toBeGreaterThanOrEqual(12);
    const markup = decodeEntities(withoutScripts(productsHtml));
    const missing = products
      .slice(0, 12)
      .map((product) => product.name)
      .filter((name) => !markup.includes(name));
    expect(missing, 'product names missing from the server-rendered /products markup').toEqual([]);
    expect(/\d+ products found/.exec(markup)?.[0], 'the "N products found" count in the markup').toMatch(
      /^\d+ products found$/,
    );
  });

  test('/product/<id> has a <title>, Open Graph title, price and a landscape JPEG link preview', async () => {
    const product = products[0]!;
    const response = await fetch(url(`/product/${product.id}`));
    expect(response.status).toBe(200);
    const html = await response.text();
    const title = /<title>([^<]*)<\/title>/i.exec(html)?.[1];
    expect(title && decodeEntities(title), '<title>').toContain(product.name);
    expect(metaContent(html, 'og:title'), 'og:title').toBe(product.name);
    expect(metaContent(html, 'product:price:amount'), 'product:price:amount').toBe(product.price.toFixed(2));
    expect(metaContent(html, 'product:price:currency')).toBe('NGN');
    await expectSharePicture(html, `/product/${product.id}`);
    expect(metaContent(html, 'og:image:alt'), 'og:image:alt').toContain(product.name.split(' ')[0]!);
  });

  test.each(['/', '/products', '/sale', '/category/womens-bags'])(
    '%s has a landscape JPEG link preview with its size and words',
    async (path) => {
      const response = await fetch(url(path));
      expect(response.status, `GET ${path}`).toBe(200);
      await expectSharePicture(await response.text(), path);
    },
  );
});

/** What WhatsApp needs for a large preview: an absolute JPEG about 1200×630 under 300 KB, declared with its size and alt. */
async function expectSharePicture(html: string, path: string) {
  const image = metaContent(html, 'og:image');
  expect(image, `og:image of ${path}`).toMatch(/^https?:\/\/[^/]+\/media\/\S+-share\.jpg$/);
  expect(metaContent(html, 'og:image:type'), `og:image:type of ${path}`).toBe('image/jpeg');
  expect(metaContent(html, 'og:image:width'), `og:image:width of ${path}`).toBe('1200');
  expect(metaContent(html, 'og:image:height'), `og:image:height of ${path}`).toBe('630');
  expect(metaContent(html, 'og:image:alt')?.length ?? 0, `og:image:alt of ${path}`).toBeGreaterThan(3);
  const picture = await fetch(image!);
  expect(picture.status, `GET ${image}`).toBe(200);
  expect(picture.headers.get('content-type')).toBe('image/jpeg');
  const bytes = Buffer.from(await picture.arrayBuffer());
  expect(bytes.length, `bytes of ${image}`).toBeLessThan(300 * 1024);
  const metadata = await sharp(bytes).metadata();
  expect([metadata.format, metadata.width, metadata.height], `${image}`).toEqual(['jpeg', 1200, 630]);
}

/** The bytes as they came over the wire (fetch would decode them), with the answer's headers. */
function rawGet(address: string, acceptEncoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(address, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('static assets', () => {
  const hashedScripts = () => [
    ...new Set(
      [...productsHtml.matchAll(/["'](\/assets\/[\w.-]+-[\w-]{6,}\.js)["']/g)].map((match) => match[1]!),
    ),
  ];

  test('hashed /assets/*.js are cached for a year as immutable', async () => {
    const scripts = hashedScripts();
    expect(scripts.length, 'hashed scripts referenced by /products').toBeGreaterThan(0);
    for (const script of scripts) {
      const response = await fetch(url(script));
      expect(response.status, `GET ${script}`).toBe(200);
      const cacheControl = response.headers.get('cache-control') ?? '';
      expect(cacheControl, `cache-control of ${script}`).toContain('immutable');
      expect(cacheControl, `cache-control of ${script}`).toContain('max-age=31536000');
      await response.arrayBuffer();
    }
  });

  test('hashed /assets/*.js are served with brotli when the client accepts it', async () => {
    const sized = await Promise.all(
      hashedScripts().map(async (script) => {
        const plain = await fetch(url(script), { headers: { 'accept-encoding': 'identity' } });
        return { script, body: await plain.text() };
      }),
    );
    // The largest script: well above the server's 1 KiB compression threshold.
    const largest = sized.sort((a, b) => b.body.length - a.body.length)[0];
    expect(largest, 'a hashed script to fetch').toBeDefined();
    expect(largest!.body.length).toBeGreaterThan(1024);
    const response = await fetch(url(largest!.script), { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding'), `content-encoding of ${largest!.script}`).toBe('br');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    // fetch decodes brotli: what arrives must be the same file.
    expect(await response.text()).toBe(largest!.body);
  });

  test("the scripts' brotli and gzip were made once by the build, at their best, and are sent with their length", async () => {
    const sized = await Promise.all(
      hashedScripts().map(async (script) => {
        const plain = await fetch(url(script), { headers: { 'accept-encoding': 'identity' } });
        return { script, body: Buffer.from(await plain.arrayBuffer()) };
      }),
    );
    const { script, body: plain } = sized.sort((a, b) => b.body.length - a.body.length)[0]!;
    const br = await rawGet(url(script), 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.body).equals(plain)).toBe(true);
    const best = zlib.brotliCompressSync(plain, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    });
    expect(br.body.length, 'brotli at its highest quality').toBeLessThanOrEqual(best.length);
    const gz = await rawGet(url(script), 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(plain)).toBe(true);
  });
});

describe('API', () => {
  test('/api/health answers 200 JSON', async () => {
    const response = await fetch(url('/api/health'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  test('/api/docs serves the OpenAPI document listing /api/products', async () => {
    const ui = await fetch(url('/api/docs'));
    expect(ui.status, 'GET /api/docs').toBe(200);
    await ui.arrayBuffer();
    const response = await fetch(url('/api/docs/json'));
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi?: string; paths?: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths ?? {})).toContain('/api/products');
  });
});

describe('search engines', () => {
  test('/sitemap.xml lists the fixed pages, every category and every product, as absolute URLs', async () => {
    const response = await fetch(url('/sitemap.xml'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/xml/);
    const xml = await response.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(locations).toContain(url('/'));
    expect(locations).toContain(url('/category/tote-bags'));
    const total = ((await (await fetch(url('/api/products?pageSize=1'))).json()) as { total: number }).total;
    expect(locations.filter((location) => /\/product\/\d+$/.test(location))).toHaveLength(total);
  });

  test('/robots.txt keeps crawlers out of the admin and the API and points at the sitemap', async () => {
    const text = await (await fetch(url('/robots.txt'))).text();
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toContain(`Sitemap: ${url('/sitemap.xml')}`);
  });

  test('a product page carries JSON-LD Product with its price in NGN, availability and rating', async () => {
    const product = products[0]!;
    const html = await (await fetch(url(`/product/${product.id}`))).text();
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(json).toBeDefined();
    const graph = (JSON.parse(json!) as { '@graph': Record<string, unknown>[] })['@graph'];
    const item = graph.find((node) => node['@type'] === 'Product') as {
      name: string;
      offers: { priceCurrency: string; availability: string };
    };
    expect(item.name).toBe(product.name);
    expect(item.offers.priceCurrency).toBe('NGN');
    expect(item.offers.availability).toMatch(/schema\.org\/(InStock|OutOfStock)/);
    expect(graph.some((node) => node['@type'] === 'BreadcrumbList')).toBe(true);
  });
});
