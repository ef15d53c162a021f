import { hydrate } from '@tanstack/react-query';
import { type ReactNode, StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type DataRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setHydrating } from '@/app/hydration';
import { createQueryClient, Providers } from '@/app/providers';
import { routes } from '@/app/router';
import { decodeState, SSR_STATE_ID } from '@/app/ssr-state';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// A page the server rendered (web/src/server-render.tsx) carries the data it was rendered with.
const serverState = document.getElementById(SSR_STATE_ID)?.textContent;
const queryClient = createQueryClient();
if (serverState) hydrate(queryClient, decodeState(serverState));

/**
 * While the page hydrates, a query that failed on the server (a job not found) shows its failure, as the
 * server rendered it, rather than the loading state of a retry on mount (server-render.tsx does the
 * same); afterwards failed queries are retried on mount as usual.
 */
function setRetryOnMount(retryOnMount: boolean) {
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retryOnMount },
  });
}

const app = (router: DataRouter) => (
  <StrictMode>
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);

/**
 * The router for a page that arrived with its content (server-rendered, or the pre-rendered landing).
 * The matching routes' code is loaded first, as React Router advises for hydration, so that the router
 * can be told it hydrates. Then ScrollRestoration leaves the page where the browser put it. Otherwise
 * it scrolls to the top as the app starts, under the visitor's finger, and a tap begun on a button ends
 * on whatever is there by then (CI's itemised-quotes journey lost its Itemise tap this way). Back and
 * forward still restore their positions.
 */
async function routerForRenderedPage(): Promise<DataRouter> {
  const matches = matchRoutes(routes, window.location) ?? [];
  try {
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const loaded = await route.lazy();
        // What the route says itself wins, as when React Router loads the module.
        route.Component ??= loaded.Component;
        route.ErrorBoundary ??= loaded.ErrorBoundary;
        route.lazy = undefined;
      }),
    );
  } catch {
    // A chunk that did not load: the router loads it again, and shows its error screen if it fails.
    return createBrowserRouter(routes);
  }
  return createBrowserRouter(routes, { hydrationData: {} });
}

/**
 * Keeps what a visitor types into the pre-rendered page until the app has replaced it: each named
 * field by its position (both renders have the same fields in the same order), and which one had
 * focus. Returns the function that puts them back, through the native setter and an input event,
 * which is what React's onChange listens to.
 */
function keepPrerenderedFields(target: HTMLElement): () => void {
  const fields = () => [...target.querySelectorAll<HTMLInputElement>('input[name]')];
  const typed = new Map<number, string>();
  fields().forEach((field, index) => {
    if (field.value !== field.defaultValue) typed.set(index, field.value);
  });
  let focused = fields().indexOf(document.activeElement as HTMLInputElement);
  const onInput = (event: Event) => {
    const index = fields().indexOf(event.target as HTMLInputElement);
    if (index >= 0) typed.set(index, (event.target as HTMLInputElement).value);
  };
  const onFocus = (event: Event) => {
    focused = fields().indexOf(event.target as HTMLInputElement);
  };
  target.addEventListener('input', onInput);
  target.addEventListener('focusin', onFocus);
  return () => {
    target.removeEventListener('input', onInput);
    target.removeEventListener('focusin', onFocus);
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const now = fields();
    for (const [index, value] of typed) {
      const field = now[index];
      if (!field || !setValue) continue;
      setValue.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (focused >= 0 && document.activeElement === document.body) now[focused]?.focus();
  };
}

/** Runs `onCommit` once, right after the app's first commit and before the browser paints it. */
function AfterFirstCommit({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first commit only.
  useLayoutEffect(onCommit, []);
  return children;
}

/** Runs `start` once the router has loaded the first route's code (its lazy modules). */
function whenRouteLoaded(router: DataRouter, start: () => void) {
  if (router.state.initialized) return start();
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    start();
  });
}

/** Tells web/public/start-after-paint.js that the app has the page: it does again a tap it kept. */
function announceStarted() {
  document.dispatchEvent(new Event('tradenest:started'));
}

// A server-rendered page is hydrated: React adopts the markup as it is, rendered from the same data,
// once the route's code is here (the same tree must render, not the loading placeholder); what was
// typed meanwhile stays in the fields React adopts. The build-time landing page (renderLanding) has no
// data, so the app takes over by rendering over it, as a transition so that React renders in slices
// and the page stays responsive, keeping anything typed meanwhile.
if (serverState) {
  setRetryOnMount(false);
  const started = () => {
    setRetryOnMount(true);
    setHydrating(false);
    announceStarted();
  };
  // As a transition: React then hydrates in slices of a few milliseconds, yielding to the browser
  // between them, where a plain hydration is one task as long as the whole page (blocking taps).
  void routerForRenderedPage().then((router) =>
    whenRouteLoaded(router, () =>
      startTransition(() => {
        setHydrating(true);
        hydrateRoot(container, <AfterFirstCommit onCommit={started}>{app(router)}</AfterFirstCommit>);
      }),
    ),
  );
} else if (container.hasChildNodes()) {
  const restoreFields = keepPrerenderedFields(container);
  const takeOver = (router: DataRouter) => {
    const root = createRoot(container);
    const started = () => {
      restoreFields();
      // A tap kept meanwhile is not done again: its button was replaced by the app's.
      announceStarted();
    };
    startTransition(() => root.render(<AfterFirstCommit onCommit={started}>{app(router)}</AfterFirstCommit>));
  };
  void routerForRenderedPage().then((router) => whenRouteLoaded(router, () => takeOver(router)));
} else {
  createRoot(container).render(app(createBrowserRouter(routes)));
}
