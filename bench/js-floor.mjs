// What the web stack's libraries weigh on their own, built the way the app is built (Vite with the
// project's config: React Router's production build, the same minifier), so `landing-js.mjs` can print
// the part of a page's first-load JavaScript that no change to our own code can take away. Each step
// adds one library of ARCHITECTURE.md's web stack to a page that uses it as the app does: hydrating
// server HTML, a data router with a lazily loaded route, a query read through TanStack Query, class
// names merged as the shadcn/ui components merge them.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The page's entry module with the libraries asked for (router, query, merge), each used the way the
 * app uses it; with none, it only hydrates a paragraph.
 */
function page({ router = false, query = false, merge = false }) {
  const lines = ["import { hydrateRoot } from 'react-dom/client';"];
  if (!router) return `${lines[0]}\nhydrateRoot(document.getElementById('root'), <p>TradeNest</p>);\n`;
  lines.push(
    "import { createBrowserRouter, Link, Outlet, ScrollRestoration, useLocation, useNavigate, useRouteError } from 'react-router';",
    "import { RouterProvider } from 'react-router/dom';",
  );
  if (query)
    lines.push("import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';");
  if (merge) lines.push("import { clsx } from 'clsx';", "import { twMerge } from 'tailwind-merge';");
  if (merge) lines.push('const cn = (...inputs) => twMerge(clsx(inputs));');
  if (query) lines.push('const client = new QueryClient();');
  const session = query
    ? "const session = useQuery({ queryKey: ['session'], queryFn: () => fetch('/api/v1/auth/session').then((r) => r.json()) });"
    : 'const session = {};';
  const className = merge ? " className={cn('px-4', session.data && 'px-2')}" : '';
  const app = '<RouterProvider router={router} />';
  lines.push(
    'function Layout() {',
    '  const navigate = useNavigate();',
    '  const location = useLocation();',
    `  ${session}`,
    `  return <div${className} onClick={() => navigate('/jobs')}>{location.pathname}{session.data?.name}<Link to="/jobs">Jobs</Link><Outlet /><ScrollRestoration /></div>;`,
    '}',
    'function RouteError() { return <p>{String(useRouteError())}</p>; }',
    'const router = createBrowserRouter(',
    "  [{ path: '/', element: <Layout />, errorElement: <RouteError />, children: [{ path: 'jobs', lazy: () => import('./lazy.jsx') }] }],",
    '  { hydrationData: window.__hydration },',
    ');',
    `hydrateRoot(document.getElementById('root'), ${query ? `<QueryClientProvider client={client}>${app}</QueryClientProvider>` : app});`,
  );
  return `${lines.join('\n')}\n`;
}

// Each page is what the step before it was, plus one library used the way the app uses it.
const STEPS = [
  { name: 'React DOM (hydrateRoot)', main: page({}) },
  { name: '+ React Router (data router)', main: page({ router: true }) },
  { name: '+ TanStack Query', main: page({ router: true, query: true }) },
  { name: '+ tailwind-merge (cn)', main: page({ router: true, query: true, merge: true }) },
];

const sizes = (body) => ({
  raw: body.length,
  gzip: gzipSync(body, { level: 9 }).length,
  br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});

/** Builds each step and returns its entry chunk's sizes (the lazily loaded route is not counted). */
export async function stackFloor() {
  const vite = await import('vite');
  // Under node_modules, so the pages import the project's own installed versions of each library.
  const work = path.join(root, 'node_modules/.cache/tradenest/js-floor');
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const rows = [];
  try {
    for (const step of STEPS) {
      rmSync(work, { recursive: true, force: true });
      mkdirSync(path.join(work, 'src'), { recursive: true });
      writeFileSync(
        path.join(work, 'index.html'),
        '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>\n',
      );
      writeFileSync(path.join(work, 'src/main.jsx'), step.main);
      writeFileSync(path.join(work, 'src/lazy.jsx'), 'export function Component() { return <p>Jobs</p>; }\n');
      await vite.build({
        configFile: path.join(root, 'vite.config.ts'),
        root: work,
        mode: 'production',
        logLevel: 'error',
        // Only the entry and the lazy route: no public folder, no source maps, nothing kept.
        publicDir: false,
        build: { outDir: path.join(work, 'dist'), emptyOutDir: true, sourcemap: false, write: true },
      });
      const assets = path.join(work, 'dist/assets');
      const entry = readdirSync(assets).find((f) => /^index-.*\.js$/.test(f));
      if (!entry) throw new Error(`js-floor: no entry chunk for ${step.name}`);
      rows.push({ name: step.name, ...sizes(readFileSync(path.join(assets, entry))) });
    }
  } finally {
    process.env.NODE_ENV = previous;
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}
