import { describe, expect, test } from 'vitest';
import { scriptsAfterLoad, scriptsAfterLoadStream } from './scripts-after-load.server';

const page = [
  '<!DOCTYPE html><html lang="en-NG"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/assets/app.css" data-precedence="high"/>',
  '<link rel="modulepreload" href="/assets/manifest-1.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/entry.client-2.js" nonce="n0nce"/>',
  '</head><body><main><h1>Ankara shirt — ₦45,000</h1><img src="/media/a-960.webp" alt=""/></main>',
  '<script nonce="n0nce">window.__reactRouterContext = {"a":"<b>"};</script>',
  '<script nonce="n0nce" type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>',
  '<script type="module" src="/@vite/client"></script>',
  '</body></html>',
].join('');

async function through(chunks: (string | Buffer)[], nonce = 'n0nce'): Promise<string> {
  const stream = scriptsAfterLoadStream(nonce);
  const out: Buffer[] = [];
  stream.on('data', (chunk: Buffer | string) => out.push(Buffer.from(chunk)));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await ended;
  return Buffer.concat(out).toString('utf8');
}

describe("the page's scripts start once it has loaded", () => {
  test('preloads and the inline module script are written inert, and the starter before </body> with the nonce', async () => {
    const html = await through([page]);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html.match(/<link rel="x-modulepreload"/g)).toHaveLength(2);
    expect(html).toContain('<script nonce="n0nce" type="x-module" async="">import "/assets/manifest-1.js";');
    // A script with its own address is left as it is; the data script too.
    expect(html).toContain('<script type="module" src="/@vite/client"></script>');
    expect(html).toContain('<script nonce="n0nce">window.__reactRouterContext');
    expect(html).toContain(`<script nonce="n0nce">${scriptsAfterLoad}</script></body></html>`);
    // Everything else is the same bytes.
    expect(html.replace(`<script nonce="n0nce">${scriptsAfterLoad}</script>`, '')).toBe(
      page
        .replace(/rel="modulepreload"/g, 'rel="x-modulepreload"')
        .replace('type="module" async', 'type="x-module" async'),
    );
  });

  test('the same page however the stream cuts it, through a tag or a naira sign', async () => {
    const whole = await through([page]);
    const bytes = Buffer.from(page, 'utf8');
    for (const size of [1, 2, 3, 7, 64]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await through(chunks), `chunks of ${size} bytes`).toBe(whole);
    }
  });

  test('a page kept for everyone has no nonce: its starter is allowed by its hash', async () => {
    const html = await through([page], '');
    expect(html).toContain(`<script>${scriptsAfterLoad}</script></body>`);
  });
});

/**
 * Runs the starter against a stand-in document whose `import()` is recorded: the page's own modules
 * are evaluated one file per task, in the order of their preload links, and React Router's module
 * script (which imports the manifest and the entry, and hydrates) goes back into the page last.
 */
describe("the starter evaluates the page's modules one task at a time", () => {
  test('React, the shell and the route parts in turn, then the entry', async () => {
    const hrefs = ['manifest-1', 'entry.client-2', 'react-3', 'shell-4', 'root-5', 'product-6'].map(
      (name) => `http://shop.test/assets/${name}.js`,
    );
    const links = hrefs.map((href) => ({ href, rel: 'x-modulepreload' }));
    const log: string[] = [];
    const inertScript = {
      nonce: 'n0nce',
      textContent: 'import "/assets/manifest-1.js";',
      replaceWith: () => log.push('module script back'),
    };
    const tasks: (() => void)[] = [];
    const listeners: Record<string, () => void> = {};
    const document = {
      readyState: 'loading',
      hidden: false,
      querySelectorAll: (selector: string) =>
        selector.startsWith('link')
          ? links.filter((link) => link.rel === 'x-modulepreload')
          : selector.startsWith('script')
            ? [inertScript]
            : [],
      createElement: () => ({}),
      dispatchEvent: (event: { type: string }) => log.push(`event ${event.type}`),
    };
    // The browser's paint timing: the first contentful paint is reported once the test says so.
    let paintObserver:
      ((list: { getEntriesByName: (name: string) => unknown[] }, observer: unknown) => void) | null = null;
    let observerDisconnected = false;
    class PerformanceObserver {
      static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
      constructor(callback: NonNullable<typeof paintObserver>) {
        paintObserver = callback;
      }
      observe() {}
    }
    const reportPaint = (name: string) =>
      paintObserver!(
        { getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) },
        { disconnect: () => (observerDisconnected = true) },
      );
    // The test runs the page's own inline script text, as the browser would.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const run = new Function(
      'window',
      'document',
      'addEventListener',
      'requestAnimationFrame',
      'setTimeout',
      'Event',
      '__import',
      scriptsAfterLoad.replace(/\bimport\(/g, '__import('),
    );
    run(
      { PerformanceObserver },
      document,
      (type: string, listener: () => void) => (listeners[type] = listener),
      (callback: () => void) => tasks.push(callback),
      (callback: () => void) => tasks.push(callback),
      class {
        constructor(public type: string) {}
      },
      (href: string) => {
        log.push(`import ${href.replace(/^.*\/assets\//, '')}`);
        return Promise.resolve({});
      },
    );
    listeners.load!();
    // Loaded, but nothing is on the screen yet: the scripts wait for the first contentful paint.
    expect(tasks, 'nothing is started before the first paint').toHaveLength(0);
    reportPaint('first-paint');
    expect(tasks, 'a first paint without content does not count').toHaveLength(0);
    reportPaint('first-contentful-paint');
    expect(observerDisconnected).toBe(true);
    // Each task runs alone; the promise callbacks it queues run before the next, as in a browser.
    while (tasks.length > 0) {
      log.push('task');
      tasks.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(
      links.every((link) => link.rel === 'modulepreload'),
      'the preloads are live',
    ).toBe(true);
    expect(log.join(' | ')).toBe(
      [
        'task', // the starter's turn, after the first contentful paint
        'import react-3.js',
        'task',
        'event rossy:after-load', // the fonts' turn, a task of its own
        'task',
        'import shell-4.js',
        'task',
        'import root-5.js',
        'task',
        'import product-6.js',
        'task',
        'module script back',
      ].join(' | '),
    );
  });
});
