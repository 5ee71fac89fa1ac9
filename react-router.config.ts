import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // scripts/build.mjs builds into a fresh folder and moves it into place whole.
  buildDirectory: process.env.ROSSY_BUILD_DIR ?? 'build',
  ssr: true,
  // Every route is known to the browser from the first page (about 3 KB gzipped): with lazy
  // discovery, a fetcher (the checkout's price quote) finishing while the page navigated to a route
  // not yet discovered (/order-success after Place Order) failed React Router's "no matches" check.
  routeDiscovery: { mode: 'initial' },
  // React Router 8's changes, each kept at today's behaviour until the shop moves to v8 and takes
  // them one by one (said here so the build does not warn about them at every start).
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
