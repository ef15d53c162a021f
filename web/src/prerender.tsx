import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from '@/app/router';

/**
 * The landing page as a first-time visitor sees it before any data arrives, rendered at build time
 * (scripts/web-build.mjs writes it into dist/web/landing.html). The server sends it to visitors
 * without a session cookie, so the page paints as soon as the HTML and CSS arrive instead of after
 * the JavaScript has loaded; main.tsx then renders the live app over it, once the route's code is in,
 * so the same content replaces itself in one step. It is not hydrated: parts that differ by visitor
 * (their town, featured professionals) simply fill in afterwards, as they do without it.
 */
export async function renderLanding(): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`the landing route answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // No retries and no fetching: on the server every query simply stays pending.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </QueryClientProvider>,
  );
}
