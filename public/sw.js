/* Rossy's service worker: the shop keeps working on a flaky connection (decisions 0026 and 0039).
 *
 * - Hashed assets (/assets/…: scripts, styles, fonts) never change: cache first, kept across builds.
 * - Pictures (/media/…, /images/…): stale-while-revalidate. A shopper's own photo (/media/avatars/…)
 *   is never kept, so nothing of it stays on a shared phone once they sign out; any an earlier
 *   worker kept is dropped when this one takes over.
 * - Pages and their data (React Router's …data requests): the network first, asked to revalidate
 *   (`cache: 'no-cache'`), so the browser's own HTTP cache never stands in for the shop and prices are
 *   today's whenever the shop answers; the copy a shopper has seen when it does not (offline, or no
 *   answer within a few seconds). Only answers marked `public` by the server are kept: nothing
 *   answered to a signed-in shopper, no account, order, checkout or admin page, no API answer but the
 *   catalogue.
 * - The bag and the wishlist live on the phone: their pages are kept from the start (as a signed-out
 *   visitor sees them, with the scripts and styles they need), so they always open offline.
 * - A page never seen opens the shop's offline page, in its frame (header, bottom bar), kept from the
 *   start too, without its scripts.
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
/** Pages made from the phone's own data (local storage): kept from the start, always open offline. */
const SHELLS = ['/cart', '/wishlist'];
/** The shop's offline page, kept without its scripts and shown for a page never seen. */
const OFFLINE = '/offline';
/**
 * The code of every shopper's route (all but the admin's) is kept with the first kept page: offline,
 * React Router cannot load a route's module it has not loaded yet and reloads the page instead (a tap
 * on a breadcrumb would seem to do nothing, and the bag, which prices itself through /cart/quote,
 * would reload again and again). About 260 KB compressed, once per build for what changed.
 */
const KEPT_ROUTES = (id) => !/admin/.test(id);

/** Never kept, whatever the answer says. */
const PRIVATE =
  /^\/(profile|orders|orderdetails|order-success|track-order|checkout|admin|login|register|logout|forgot-password|reset-password|verify-email|notifications|newsletter|contact|sandbox)(\/|\.data|$)/;
/** Pictures only their owner sees: never kept. */
const PRIVATE_PICTURES = /^\/media\/avatars\//;
/** The API answers a page may need offline: the public catalogue. */
const PUBLIC_API = /^\/api\/(products|categories|search\/suggestions)(\/|$|\?)/;

self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(keepShells());
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

/** A shell's answer to a signed-out visitor (a signed-in one's is `no-store`): nothing private in it. */
function keepableShell(response) {
  if (!response || response.status !== 200 || response.type !== 'basic') return false;
  const control = (response.headers.get('cache-control') || '').toLowerCase();
  return !control.includes('no-store');
}

const isShell = (path) => SHELLS.includes(path);

const ASSET_PATH = /\/assets\/[\w.~-]+(?:\/[\w.~-]+)*/g;

/** Keeps hashed assets not kept yet; answers the text of the ones asked for (`read`). */
async function keepAssets(paths, read = () => false) {
  const assets = await caches.open(ASSETS);
  const texts = {};
  await Promise.all(
    [...new Set(paths)].map(async (path) => {
      let response = await assets.match(path);
      if (!response) {
        response = await fetch(path);
        if (!response.ok) return;
        await assets.put(path, response.clone());
      }
      if (read(path)) texts[path] = await response.text();
    }),
  );
  return texts;
}

/**
 * The scripts, styles and fonts a kept page loads, and the modules of the shopper's routes (found in
 * React Router's manifest, KEPT_ROUTES): kept too, so the page and a tap on any of its links work
 * offline.
 */
async function keepAssetsOf(html) {
  const isManifest = (path) => /\/assets\/manifest-[\w-]+\.js$/.test(path);
  const texts = await keepAssets(html.match(ASSET_PATH) || [], isManifest);
  for (const text of Object.values(texts)) {
    try {
      const { routes } = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
      const modules = Object.entries(routes)
        .filter(([id]) => KEPT_ROUTES(id))
        .flatMap(([, route]) => [route.module, ...(route.imports || []), ...(route.css || [])]);
      await keepAssets(modules.filter(Boolean));
    } catch {
      // Not the manifest as expected: the page itself is kept all the same.
    }
  }
}

/** The offline page without its scripts: a page of links that needs nothing from the network. */
function withoutScripts(html) {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '');
}

/**
 * Keeps the bag's and the wishlist's pages and the offline page, as a signed-out visitor gets them
 * (no cookie is sent: nothing private), with what they load. Missing ones only; never fails.
 */
async function keepShells() {
  const cache = await caches.open(PAGES);
  await Promise.all(
    [...SHELLS, OFFLINE].map(async (path) => {
      try {
        if (await cache.match(path)) return;
        const response = await fetch(path, { credentials: 'omit', cache: 'no-cache' });
        if (!keepableShell(response)) return;
        const html = await response.clone().text();
        await keepAssetsOf(html);
        if (path !== OFFLINE) return cache.put(path, response);
        await cache.put(
          path,
          new Response(withoutScripts(html), {
            headers: { 'content-type': 'text/html; charset=utf-8', date: new Date().toUTCString() },
          }),
        );
      } catch {
        // Offline now: tried again after the next page that loads.
      }
    }),
  );
}

/** Drops the oldest entries beyond `max`; the bag's, the wishlist's and the offline pages always stay. */
async function trim(cacheName, max) {
  const cache = await caches.open(cacheName);
  const keys = (await cache.keys()).filter((key) => {
    const path = new URL(key.url).pathname;
    return !isShell(path) && path !== OFFLINE;
  });
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

const escapeHtml = (text) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

/** The shop's offline page in its frame, its "Try again" pointed at the page asked for; a plain one if none is kept. */
async function offlinePage(url) {
  const headers = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy':
      "script-src 'none'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
  };
  const kept = await (await caches.open(PAGES)).match(OFFLINE);
  if (kept) {
    const retry = `href="${escapeHtml(url.pathname + url.search)}"`;
    const html = (await kept.text()).replace(/href="\/offline\?retry"/g, retry);
    return new Response(html, { status: 503, headers });
  }
  return new Response(
    `<!doctype html><html lang="en-NG"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>You're offline | Rossy</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#fbf9f6;color:#17140f;display:grid;place-items:center;min-height:100vh;text-align:center;padding:24px;box-sizing:border-box}h1{font-family:Georgia,serif;font-weight:400;font-size:28px;margin:0 0 8px}a{color:#7a5a32}</style></head>
<body><main><h1>You're offline</h1><p>This page has not been opened on this phone yet, so it cannot be shown without a connection.</p><p>Pages you have already seen still open, and your bag and wishlist keep working. <a href="/cart">Open your bag</a> · <a href="/wishlist">Your wishlist</a> · <a href="/">Home</a></p></main></body></html>`,
    { status: 503, headers },
  );
}

async function networkFirst(event, isPage) {
  const cache = await caches.open(PAGES);
  const url = new URL(event.request.url);
  const shell = isPage && isShell(url.pathname);
  // Revalidated: whatever the browser's HTTP cache holds is checked with the shop (a 304 at most).
  const network = fetch(event.request, { cache: 'no-cache' }).then(async (response) => {
    if (shell ? keepableShell(response) && !url.search : keepable(response)) {
      await cache.put(event.request, response.clone());
      await trim(PAGES, MAX_PAGES);
    }
    return response;
  });
  // The answer is kept when it comes, even after the copy was shown; a page that loaded is a moment
  // to keep the bag's, the wishlist's and the offline pages if they are still missing.
  event.waitUntil(
    network.then(
      () => (isPage ? keepShells() : undefined),
      () => undefined,
    ),
  );
  const seen = () => cache.match(event.request, { ignoreSearch: shell });
  const timeout = new Promise((resolve) => setTimeout(resolve, PAGE_TIMEOUT_MS, 'timeout'));
  try {
    const first = await Promise.race([network, timeout]);
    if (first !== 'timeout') return first;
    const hit = await seen();
    return hit || (await network);
  } catch {
    const hit = await seen();
    if (hit) return hit;
    return isPage ? offlinePage(url) : Response.error();
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
