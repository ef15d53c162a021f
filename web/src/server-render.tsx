// Server rendering of the public pages, built by Vite in SSR mode (scripts/web-build.mjs) and run by the
// server (server/plugins/web-app.ts): the page's HTML with its real data, so a phone paints the content
// from the first response, then main.tsx hydrates it with the same data. Also the build-time landing
// page, the fallback for a visitor on / when no render is available.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type DehydratedState,
  dehydrate,
  type FetchQueryOptions,
  type Query,
  type QueryClient,
  skipToken,
} from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  type Params,
  StaticRouterProvider,
} from 'react-router';
import { createQueryClient, Providers } from '@/app/providers';
import { routes } from '@/app/router';
import { encodeState } from '@/app/ssr-state';
import {
  fetchSession,
  SESSION_QUERY_KEY,
  type SessionData,
  type SessionUser,
} from '@/features/accounts/session';
import { jobQuery } from '@/features/marketplace/jobs/api';
import { ownProfileQuery } from '@/features/profiles/api';
import { ApiError, type ApiTransport, setApiTransport } from '@/lib/api';

// Each render's API requests go to the transport of the request being rendered (the visitor's cookie
// on it), however many renders are in flight at once.
const requestTransport = new AsyncLocalStorage<ApiTransport>();
setApiTransport((url, init) => {
  const transport = requestTransport.getStore();
  return transport ? transport(url, init) : Promise.reject(new Error('an API request outside a render'));
});

/**
 * Queries the server leaves for the browser: the visitor's town is looked up from their address, and a
 * visitor's page is cached and shared between visitors (server/plugins/web-app.ts), so it must not
 * carry one visitor's town to the next. The page renders them as loading, and so does the hydrating
 * client, which then asks.
 */
const LEFT_TO_THE_BROWSER = new Set(['geo']);

/**
 * The pages rendered on the server (issue 40: the public pages a visitor or a search engine opens, and
 * a job's page for a tradesperson deciding whether to quote), by their route's path, and for whom.
 * Visitors' pages are kept and shared (server/plugins/web-app.ts), so they cost a render once; a job's
 * page is rendered for each viewer (~4-5 ms of the server's thread, bench/README.md). A server-rendered
 * button does nothing until React has hydrated it: web/public/start-after-paint.js keeps a tap made
 * meanwhile and does it again then; what was typed stays in the fields React adopts as it hydrates
 * (e2e/marketplace/job-before-start.spec.ts).
 */
const RENDERED: Record<string, 'visitor' | 'signed-in'> = {
  '/': 'visitor',
  browse: 'visitor',
  reviews: 'visitor',
  'tradesperson/:id': 'visitor',
  // A visitor is sent to sign in by the app: they get the shell, nothing of the job.
  'job/:id': 'signed-in',
};

/**
 * The page's own data by route path, for the viewer the session names, fetched before the first render
 * so that render is the last: without it a job's page rendered once to learn what it wants (the job,
 * and for a tradesperson their profile, which the quote form reads), then again with it.
 */
const FETCHED_AHEAD: Record<string, (params: Params, user: SessionUser | null) => FetchQueryOptions[]> = {
  'job/:id': ({ id = '' }, user) => [
    jobQuery(id) as FetchQueryOptions,
    ...(user?.userType === 'tradesperson' ? [ownProfileQuery as FetchQueryOptions] : []),
  ],
};

/**
 * Each pathname's route path, as matched last: matching walks and ranks the whole route tree, ~0.5 ms
 * of the server's thread, which every page request paid (a kept landing page costs far less to send).
 * Bounded: emptied when full, since profile and job paths carry ids.
 */
type Matched = { path: string; params: Params } | undefined;
const matchedPaths = new Map<string, Matched>();
const MATCHES_KEPT = 1000;

function matchOf(pathname: string): Matched {
  if (matchedPaths.has(pathname)) return matchedPaths.get(pathname);
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  const path = leaf?.route.index ? '/' : leaf?.route.path;
  const matched = path === undefined || !leaf ? undefined : { path, params: leaf.params };
  if (matchedPaths.size >= MATCHES_KEPT) matchedPaths.clear();
  matchedPaths.set(pathname, matched);
  return matched;
}

const routePathOf = (pathname: string) => matchOf(pathname)?.path;

/** Whether the page at `pathname` is rendered on the server for this visitor (else the shell is sent). */
export function rendersOnServer(pathname: string, signedIn: boolean): boolean {
  const path = routePathOf(pathname);
  return path !== undefined && RENDERED[path] === (signedIn ? 'signed-in' : 'visitor');
}

export interface RenderedPage {
  /** 404 when the page's own data is not there for this visitor (a job they may not see). */
  status: 200 | 404;
  /** The markup that goes inside <div id="root">. */
  html: string;
  /** The query cache as JSON (app/ssr-state.ts), for the client to hydrate from. */
  state: string;
}

/**
 * The page at `url` (absolute: its origin is not used), with the data `transport` answers.
 *
 * Every page waits on the session first (guards, the viewer in the query keys), so it is fetched before
 * any render. One render then lists what the page's screens ask for (lazily loaded sections included:
 * prerender waits for them); those are fetched at once and the page renders a second and last time. A
 * query that only the second render asks for (one that waits on another's answer) shows its loading
 * state, as it would in the browser, and loads there: the cost of a render stays bounded (bench/README.md).
 */
export function renderPage(url: string, transport: ApiTransport): Promise<RenderedPage> {
  return requestTransport.run(transport, async (): Promise<RenderedPage> => {
    const [render, queryClient] = await Promise.all([routed(url), sessionFetched()]);
    await fetchedAhead(queryClient, matchOf(new URL(url).pathname));
    let html = await render(queryClient);
    const asked = queryClient.getQueryCache().getAll().filter(waitingToLoad);
    if (asked.length > 0) {
      // No retries: a failure is the page's answer (a 404 shows the not-found content).
      await Promise.all(
        asked.map((query) => query.fetch({ ...query.options, retry: false }).catch(() => {})),
      );
      html = await render(queryClient);
    }
    const queries = queryClient.getQueryCache().getAll();
    const notFound = queries.some((q) => q.state.error instanceof ApiError && q.state.error.status === 404);
    return { status: notFound ? 404 : 200, html, state: encodeState(cacheForClient(queryClient)) };
  });
}

/** A render's query cache, holding the visitor's session (or its failure: they then count as signed out). */
async function sessionFetched(): Promise<QueryClient> {
  const queryClient = createQueryClient();
  // A query that failed shows its failure (a job not found), not the loading state of a retry on
  // mount; main.tsx hydrates the same way.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false },
  });
  await queryClient.prefetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, retry: false });
  return queryClient;
}

/** The page's data fetched ahead for this viewer (FETCHED_AHEAD); a failure is the page's answer. */
async function fetchedAhead(queryClient: QueryClient, matched: Matched): Promise<void> {
  const ahead = matched && FETCHED_AHEAD[matched.path];
  if (!ahead) return;
  const user = queryClient.getQueryData<SessionData>(SESSION_QUERY_KEY)?.user ?? null;
  await Promise.all(
    ahead(matched.params, user).map((options) => queryClient.prefetchQuery({ ...options, retry: false })),
  );
}

/**
 * The landing page before any data arrives, rendered at build time into dist/web/landing.html: the page
 * a visitor gets when the server renders nothing (main.tsx then renders the app over it, without
 * hydrating, since nothing of its data is known).
 */
export async function renderLanding(): Promise<string> {
  const render = await routed('http://localhost/');
  return render(createQueryClient());
}

/**
 * One for every render: making it turns the whole route tree into data routes and ranks its branches,
 * ~0.3 ms of the server's thread, which each job page paid (a CPU profile under load). The route
 * modules it loads stay loaded in it.
 */
const handler = createStaticHandler(routes);

/** The route's modules loaded, and a function that renders it with a given cache. */
async function routed(url: string): Promise<(queryClient: QueryClient) => Promise<string>> {
  const context = await handler.query(new Request(url));
  // No route has a loader, so nothing redirects or throws a Response here.
  if (context instanceof Response) throw new Error(`${url} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The same tree as main.tsx, so the client's first render matches this markup.
  return (queryClient) =>
    toHtml(
      <StrictMode>
        <Providers client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </StrictMode>,
    );
}

/** Waits for every Suspense boundary (lazily loaded sections) rather than sending their fallbacks. */
async function toHtml(element: ReactNode): Promise<string> {
  const { prelude } = await prerender(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}

/** A query a screen asked for that has not been fetched and that the screen wants now. */
function waitingToLoad(query: Query): boolean {
  if (LEFT_TO_THE_BROWSER.has(String(query.queryKey[0]))) return false;
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  if (query.options.queryFn === skipToken) return false;
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** What the client needs to render the same page: answers and the API's refusals (a 404), not pending. */
function cacheForClient(queryClient: QueryClient): DehydratedState {
  return dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' ||
      (query.state.status === 'error' && query.state.error instanceof ApiError),
  });
}
