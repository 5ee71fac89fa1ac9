/**
 * Architecture rules, checked by `npm run lint` (depcruise --config .dependency-cruiser.cjs app server core db contracts).
 *
 *   contracts/  browser-safe zod schemas and helpers; imports only npm packages
 *   core/       domain logic; may use db/ and contracts/, never app/ or server/
 *   db/         Drizzle schema, client and migrations: the floor; imports nothing of the shop's above it
 *   seed/       the demo shop, a program that uses core/ (like the CLI); never app/ or server/
 *   server/     the Fastify host; may use core/, db/, seed/ and contracts/, never app/ (the pages come as a build)
 *   app/        React Router app. Route modules (app/routes/**), root.tsx and entry.server.tsx run loaders on
 *               the server and may import core/; components, features and lib end up in the browser bundle.
 *
 * "type-only" dependencies are `import type ...` (and `import { type A }` where every name is a type; ESLint's
 * @typescript-eslint/no-import-type-side-effects makes sure those are written as `import type`).
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */
/** core/'s domains (docs/layout.md): each owns its data and its writes. */
const coreDomains = [
  'accounts',
  'catalog',
  'commands',
  'content',
  'inventory',
  'newsletter',
  'orders',
  'payments',
  'refunds',
  'reports',
  'returns',
  'vitals',
];
/** core/'s shared modules: every domain may use them; they use none. */
const coreShared = ['audit', 'csv', 'mail', 'media', 'notifications', 'settings'];

module.exports = {
  forbidden: [
    {
      name: 'no-cross-feature-imports',
      severity: 'error',
      comment:
        'A feature must not import another feature. Move the shared code to app/components or app/lib, ' +
        'or compose the features in a route module.',
      from: { path: '^app/features/([^/]+)/' },
      to: { path: '^app/features/', pathNot: '^app/features/$1/' },
    },
    {
      name: 'core-not-to-app-or-server',
      severity: 'error',
      comment: 'core/ is the domain layer: it must not depend on the React app or the HTTP host.',
      from: { path: '^core/' },
      to: { path: '^(app|server)/' },
    },
    {
      name: 'contracts-self-contained',
      severity: 'error',
      comment:
        'contracts/ is imported by the browser: it may import other contracts/ modules and npm packages ' +
        '(zod), nothing else from this repository and no Node built-ins.',
      from: { path: '^contracts/' },
      to: { pathNot: ['^contracts/', '^node_modules/'] },
    },
    {
      name: 'db-is-the-floor',
      severity: 'error',
      comment:
        'db/ is the lowest floor (schema, client, migrations): it must not depend on the domain, the seed, ' +
        'the React app or the HTTP host. A program that uses the shop (the demo seed) lives above core/, in seed/.',
      from: { path: '^db/' },
      to: { path: '^(core|seed|app|server)/' },
    },
    {
      name: 'seed-not-to-app-or-server',
      severity: 'error',
      comment:
        'seed/ uses the shop through core/ and db/; it must not depend on the React app or the HTTP host.',
      from: { path: '^seed/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^(app|server)/' },
    },
    {
      name: 'core-not-to-seed',
      severity: 'error',
      comment: 'core/ must not depend on the demo seed (its tests may read the seed data).',
      from: { path: '^core/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^seed/' },
    },
    {
      name: 'server-not-to-app',
      severity: 'error',
      comment:
        'server/ hosts the React app as a build (build/server) and hands it services through the load context; ' +
        'it must not import app/ itself. Types both sides need live in core/ (core/page-services.ts).',
      from: { path: '^server/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^app/' },
    },
    {
      name: 'app-not-to-server',
      severity: 'error',
      comment:
        'app/ must not import the Fastify host (server/). Pass what the app needs through the load context.',
      from: { path: '^app/' },
      to: { path: '^server/' },
    },
    {
      name: 'browser-code-not-to-server-code',
      severity: 'error',
      comment:
        'app/components, app/features and app/lib are bundled for the browser: they may not import core/, db/ ' +
        'or server/ at runtime (`import type` is fine). Load data in a route loader and pass it down. ' +
        'Modules named *.server.ts are server-only (React Router keeps them out of the browser bundle).',
      from: { path: '^app/(components|features|lib)/', pathNot: '\\.server\\.tsx?$' },
      to: { path: '^(core|db|server)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'browser-code-not-to-node-builtins',
      severity: 'error',
      comment: 'app/components, app/features and app/lib are bundled for the browser: no Node built-ins.',
      from: { path: '^app/(components|features|lib)/' },
      to: { dependencyTypes: ['core'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'browser-code-not-to-server-packages',
      severity: 'error',
      comment:
        'app/components, app/features and app/lib are bundled for the browser: no server-only npm packages ' +
        '(database, HTTP host, image processing, password hashing, logging). `import type` is fine.',
      from: { path: '^app/(components|features|lib)/' },
      to: {
        path: '^node_modules/(@electric-sql/pglite|drizzle-orm|drizzle-kit|pg|fastify[^/]*|@fastify/[^/]+|sharp|@node-rs/[^/]+|pino[^/]*|@react-router/node)/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-modules-only-from-server-code',
      severity: 'error',
      comment:
        '*.server.ts(x) modules are server-only by React Router convention: import them only from route modules, ' +
        'app/root.tsx, app/entry.server.tsx or other *.server modules (`import type` is fine).',
      from: {
        path: '^app/',
        pathNot: ['^app/routes/', '^app/root\\.tsx$', '^app/entry\\.server\\.tsx$', '\\.server\\.tsx?$'],
      },
      to: { path: '\\.server\\.tsx?$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      scope: 'folder',
      comment:
        'Folders form no loop: if core/orders uses core/payments, core/payments may not use core/orders, and a ' +
        'component folder may not use a feature that uses it. Move what both need one floor down (core/audit, ' +
        'core/notifications, app/lib), or let the page that composes them hand one to the other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-shared-modules-below-features',
      severity: 'error',
      comment:
        'core/audit, core/notifications, core/mail, core/media, core/settings and core/csv serve every domain of ' +
        'core/: they may not use one (a domain that needs another asks it, not the other way round).',
      from: { path: '^core/(audit|notifications|mail|media|settings|csv)/' },
      to: { path: `^core/(${coreDomains.join('|')})/` },
    },
    {
      name: 'core-reports-on-top',
      severity: 'error',
      comment:
        "core/reports reads across the domains for the shop's staff (reports, the dashboard, exports, page views); " +
        'no domain uses it.',
      from: { path: '^core/', pathNot: '^core/reports/' },
      to: { path: '^core/reports/' },
    },
    {
      name: 'core-commands-on-top',
      severity: 'error',
      comment:
        "core/commands is the table of every domain's commands (decision 0072); routes and the dashboard run them " +
        'through it, and no domain uses it (a domain declares its own in its commands.ts).',
      from: { path: '^core/', pathNot: '^core/commands/' },
      to: { path: '^core/commands/' },
    },
    {
      name: 'core-folders-are-named',
      severity: 'error',
      comment:
        'Every folder of core/ is a domain or a shared module named in docs/layout.md and in the lists above; a new ' +
        'one is added to both.',
      from: { path: '^core/[^/]+/' },
      to: {
        path: '^core/[^/]+/',
        pathNot: `^core/(${[...coreDomains, ...coreShared].join('|')})/`,
      },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Circular dependency, type-only imports included: a type both sides need lives in the module that ' +
        'produces it, or one floor down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'This import cannot be resolved (typo, or a package missing from package.json). An unresolved import ' +
        'would also slip past every rule above. Exception: React Router generated route types (./+types/*), ' +
        'which live in .react-router/types (tsconfig rootDirs) and exist only after `react-router typegen`.',
      from: {},
      to: { couldNotResolve: true, pathNot: '^\\./\\+types/' },
    },
  ],
  options: {
    // npm packages stay in the graph as leaves (so rules can name them) but are not cruised into.
    doNotFollow: { path: '(^|/)node_modules/' },
    // Tests are left out: they may reach across folders to set a scene (tsc and ESLint still check them).
    exclude: { path: ['^(build|\\.react-router|data|coverage|db/migrations)/', '\\.test\\.tsx?$'] },
    // Keep `import type` dependencies in the graph (marked "type-only") so the rules above can tell them apart.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
