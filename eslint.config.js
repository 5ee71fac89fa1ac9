// ESLint flat config. TypeScript sources are linted with type information (decision 0074); `tsc --noEmit`
// still does the type checking.
// Architecture rules (which folder may import which) live in .dependency-cruiser.cjs.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import stockWrites from './eslint-rules/stock-writes-in-inventory.js';
import koboConversions from './eslint-rules/kobo-conversions-in-money.js';

/** The shop's own rules, one plugin: each block below turns one on where it applies. */
const rossy = { rules: { ...stockWrites.rules, ...koboConversions.rules } };

export default defineConfig(
  globalIgnores([
    'build/',
    'data/',
    'node_modules/',
    '.react-router/',
    'db/migrations/',
    'coverage/',
    'test-results/',
  ]),

  js.configs.recommended,
  // Also switches off core rules that TypeScript already covers (no-undef, ...) for .ts/.tsx files.
  tseslint.configs.recommended,

  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Application code logs through pino (server) or not at all; console.error/warn stay allowed for
      // the SSR render-error and dev error-boundary logging that React Router's entry/root use.
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // tsconfig has `verbatimModuleSyntax`: type-only imports must say so, or they survive into the JS.
      // Inline style (`import { a, type B }`) matches the codebase; `import('x').T` annotations are allowed.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      // Under verbatimModuleSyntax `import { type A } from 'x'` still loads 'x' at runtime (as `import {} from 'x'`),
      // yet dependency-cruiser counts it as type-only. Forcing `import type { A }` keeps the two in agreement.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },

  // Type-aware rules for the TypeScript sources (decision 0074): a promise left floating, a promise where a
  // callback expects void, an await on a non-promise, an assertion the types already make. Plain JS files
  // (eslint-rules/, *.mjs, *.cjs, sw.js) keep the syntax-only rules above.
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/require-await': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      // Passing on an error caught as unknown (a stream's shell error, a callback's error) is allowed.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },

  // React Router's loaders and actions end a request by throwing a Response (redirect) or data(...).
  {
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
    },
  },

  // Fastify's plugins, hooks and handlers are async by contract (a plain one must call done), so an
  // async one without an await is how they are written, not an await forgotten.
  {
    files: ['server/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },

  // Tests read untyped JSON (inject().json(), fetched bodies) and hand vitest's expect() a stand-in's
  // methods: the no-unsafe-* and unbound-method rules would ask for hundreds of casts there and catch
  // nothing; stand-ins meet async interfaces with async methods that need no await, and String() a
  // loosely read JSON field or header on purpose.
  {
    files: ['tests/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },

  // React hooks rules (including the React Compiler ones in v7) for the React app; .ts too, since app/lib
  // defines hooks (useCart, useLocalStore, useRootData) in plain .ts files.
  {
    files: ['app/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },

  // hero.tsx sets a `hydrated` flag in an effect on purpose (two-pass render: only the first slide is
  // server-rendered, the rest join after hydration). Scoped to this one file so the rule still guards the rest.
  {
    files: ['app/features/catalog/hero.tsx'],
    rules: { 'react-hooks/set-state-in-effect': 'off' },
  },

  // Command-line code and tests may print (seed/images/preview.ts is a dev CLI).
  {
    files: ['server/cli/**', 'scripts/**', 'tests/**', '**/*.test.ts', '**/*.test.tsx', 'seed/images/**'],
    rules: { 'no-console': 'off' },
  },

  // The start and build scripts are plain JavaScript modules run by Node itself (no tsx at start).
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: {
      sourceType: 'module',
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly' },
    },
  },

  // The service worker (public/sw.js) runs in the browser's worker scope, as plain JavaScript.
  {
    files: ['public/sw.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        self: 'readonly',
        caches: 'readonly',
        fetch: 'readonly',
        Response: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },

  // One home for stock (docs/decisions/0067-inventory-ledger.md): only core/inventory writes a size's
  // stock or a product's sold count; orders, returns, the grid and the import call it. Left out, each
  // for its reason (db/migrations is not linted at all: the database's own functions and triggers):
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [
      // the one home
      'core/inventory/**',
      // the demo shop's opening counts, written before it opens (the ledger's rows say 'opening' or 'edit')
      'seed/**',
      // the benchmark grows a catalogue of its own and restocks it between rounds
      'scripts/**',
      // tests and their fixtures set the scene they then check (a count, a sold-out size)
      'tests/**',
      '**/*.test.ts',
      '**/*.test.tsx',
    ],
    plugins: { rossy },
    rules: { 'rossy/stock-writes-in-inventory': 'error' },
  },

  // Money is integer kobo (docs/decisions/0075-money-in-kobo.md): only contracts/money.ts turns kobo
  // into naira and back and rounds. Tests work out what they expect by hand, to check the module's answers.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['contracts/money.ts', 'tests/**', '**/*.test.ts', '**/*.test.tsx'],
    plugins: { rossy },
    rules: { 'rossy/kobo-conversions-in-money': 'error' },
  },

  // CommonJS config files (.dependency-cruiser.cjs) run in Node.
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
