import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const alias = { '@': here('./web/src'), '@domain': here('./domain') };

// React Router's package points every import at its development build, which keeps its development
// warnings in what browsers download (remix-run/react-router#12532, #14102). The production build
// beside it differs by that flag alone, so what is built for users takes it instead.
const reactRouterProduction = [
  { find: /^react-router$/, replacement: here('./node_modules/react-router/dist/production/index.mjs') },
  {
    find: /^react-router\/dom$/,
    replacement: here('./node_modules/react-router/dist/production/dom-export.mjs'),
  },
];

export default defineConfig(({ command }) => ({
  root: here('./web'),
  publicDir: here('./web/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  build: {
    outDir: here('./dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    assetsDir: 'assets',
    // The entry's own imports are preloaded from the HTML; a lazily loaded module's are left to the
    // browser, which fetches them as it reads the module. Vite's helper added a <link> per chunk of
    // the route (~60 for a job's page) while the app started: on a phone a main-thread task that moved
    // Lighthouse's job page from 88-93 to 94-95 once gone (A/B, bench/README.md). Navigations at 150 ms
    // latency and 4x CPU took as long either way.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      treeshake: {
        // Our own modules do nothing on import but define things (the stylesheet is the one import made
        // for its effect, and it is not matched). So a module none of whose exports is used is left
        // out, with what it imports: a feature's index no longer brings every form it offers (the
        // landing page loaded the review-report dialog, react-hook-form and zod's schemas through the
        // star rating of a card; bench/README.md, issue 40).
        moduleSideEffects: [{ test: /\/(web\/src|domain)\/.+\.tsx?$/, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  test: {
    root: here('.'),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: here('.'),
          // Password hashing is slow on purpose (scrypt); on a busy machine it passed 5 s.
          testTimeout: 20_000,
          include: ['domain/**/*.test.ts', 'server/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          setupFiles: [here('./test/setup-unit.ts')],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          root: here('.'),
          testTimeout: 20_000,
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: [here('./test/setup-unit.ts')],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          root: here('.'),
          include: ['server/**/*.int.test.ts'],
          environment: 'node',
          setupFiles: [here('./test/setup-integration.ts')],
          globalSetup: [here('./test/global-setup-integration.ts')],
          // PGlite instances are expensive: each worker keeps one and resets it between files.
          isolate: false,
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: here('.'),
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: [here('./e2e/harness/global-setup.ts')],
          setupFiles: [here('./test/setup-unit.ts')],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Journeys wait on the server (a password change hashes twice with scrypt) while the rest
          // of the suite shares the machine: one second, the default, is too short to be fair.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
}));
