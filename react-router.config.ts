import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // scripts/build.mjs builds into a fresh folder and moves it into place whole.
  buildDirectory: process.env.ROSSY_BUILD_DIR ?? 'build',
  ssr: true,
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
