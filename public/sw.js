/* Rossy's service worker: the shop keeps working on a flaky connection (decision 0026).
 *
 * - Hashed assets (/assets/…: scripts, styles, fonts) never change: cache first, kept across builds.
 * - Pictures (/media/…, /images/…): stale-while-revalidate. A shopper's own photo (/media/avatars/…)
 *   is never kept, so nothing of it stays on a shared phone once they sign out; any an earlier
 *   worker kept is dropped when this one takes over.
 * - Pages and their data (React Router's …data requests): the network first, so prices are fresh
 *   whenever the shop answers; the copy a shopper has seen when it does not (offline, or no answer
 *   within a few seconds). Only answers marked `public` by the server are kept: nothing answered to
 *   a signed-in shopper, no account, order, checkout or admin page, no API answer but the catalogue.
 * - Everything else (POSTs, the API, other sites) goes to the network untouched.
 * - A new build's worker takes over at once and drops the old build's pages.
 */
const BUILD = '__ROSSY_BUILD__';
const PAGES = `rossy-pages-${BUILD}`;
const ASSETS = 'rossy-assets';
const PICTURES = 'rossy-pictures';
const MAX_PICTURES = 300;
const MAX_PAGES = 120;
/** How long a page waits for the network before showing the copy it has. */
const PAGE_TIMEOUT_MS = 4000;

/** Never kept, whatever the answer says. */
const PRIVATE =
  /^\/(profile|orders|orderdetails|order-success|track-order|checkout|admin|login|register|logout|forgot-password|reset-password|verify-email|notifications|newsletter|contact|sandbox)(\/|\.data|$)/;
/** Pictures only their owner sees: never kept. */
const PRIVATE_PICTURES = /^\/media\/avatars\//;
/** The API answers a page may need offline: the public catalogue. */
const PUBLIC_API = /^\/api\/(products|categories|search\/suggestions)(\/|$|\?)/;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith('rossy-pages-') && name !== PAGES) await caches.delete(name);
      const pictures = await caches.open(PICTURES);
      for (const request of await pictures.keys())
        if (PRIVATE_PICTURES.test(new URL(request.url).pathname)) await pictures.delete(request);
      await self.clients.claim();
    })(),
  );
});

function keepable(response) {
  if (!response || response.status !== 200 || response.type !== 'basic') return false;
  const control = (response.headers.get('cache-control') || '').toLowerCase();
  return control.includes('public') && !control.includes('no-store') && !control.includes('private');
}

async function trim(cacheName, max) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(key);
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function staleWhileRevalidate(event) {
  const cache = await caches.open(PICTURES);
  const hit = await cache.match(event.request);
  const refresh = fetch(event.request)
    .then(async (response) => {
      if (response.ok && response.type === 'basic') {
        await cache.put(event.request, response.clone());
        await trim(PICTURES, MAX_PICTURES);
      }
      return response;
    })
    .catch(() => undefined);
  if (hit) {
    event.waitUntil(refresh);
    return hit;
  }
  return (await refresh) || Response.error();
}

function offlinePage() {
  return new Response(
    `<!doctype html><html lang="en-NG"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>You're offline | Rossy</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#fbf9f6;color:#17140f;display:grid;place-items:center;min-height:100vh;text-align:center;padding:24px;box-sizing:border-box}h1{font-family:Georgia,serif;font-weight:400;font-size:28px;margin:0 0 8px}a{color:#7a5a32}</style></head>
<body><main><h1>You're offline</h1><p>This page has not been opened on this phone yet, so it cannot be shown without a connection.</p><p>Pages you have already seen still open, and your bag and wishlist keep working. <a href="/">Go to the home page</a></p></main></body></html>`,
    { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } },
  );
}

async function networkFirst(event, isPage) {
  const cache = await caches.open(PAGES);
  const network = fetch(event.request).then(async (response) => {
    if (keepable(response)) {
      await cache.put(event.request, response.clone());
      await trim(PAGES, MAX_PAGES);
    }
    return response;
  });
  // The answer is kept when it comes, even after the copy was shown.
  event.waitUntil(network.catch(() => undefined));
  const timeout = new Promise((resolve) => setTimeout(resolve, PAGE_TIMEOUT_MS, 'timeout'));
  try {
    const first = await Promise.race([network, timeout]);
    if (first !== 'timeout') return first;
    const hit = await cache.match(event.request);
    return hit || (await network);
  } catch {
    const hit = await cache.match(event.request);
    if (hit) return hit;
    return isPage ? offlinePage() : Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (path.startsWith('/assets/')) return event.respondWith(cacheFirst(request));
  if (PRIVATE_PICTURES.test(path)) return;
  if (path.startsWith('/media/') || path.startsWith('/images/'))
    return event.respondWith(staleWhileRevalidate(event));
  if (PRIVATE.test(path) || url.searchParams.has('key') || url.searchParams.has('token')) return;
  if (request.mode === 'navigate') return event.respondWith(networkFirst(event, true));
  if (path.endsWith('.data') || PUBLIC_API.test(path)) return event.respondWith(networkFirst(event, false));
});
