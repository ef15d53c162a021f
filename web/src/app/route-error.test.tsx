// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { ChunkLoadError, RELOADED_AT_KEY, withRetriedLazies } from './navigation/chunk-load';
import {
  AppError,
  ERROR_HEADING,
  OFFLINE_HEADING,
  OFFLINE_MESSAGE,
  RouteError,
  STILL_OFFLINE,
} from './route-error';

// The Terms page's code cannot be downloaded (offline, or renamed by a deploy).
vi.mock('./pages/terms', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/terms-abc123.js');
});

let reload: ReturnType<typeof vi.fn>;
beforeEach(() => {
  reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
});

afterEach(() => {
  resetBetweenTests();
  sessionStorage.clear();
});

const heading = () => screen.findByRole('heading', { level: 1 }, { timeout: 5000 });

/** The app's index page answers (the server is up) or not (offline). */
function serverUp(up: boolean) {
  return mockApi({
    ...sessionHandler(null),
    'GET /': () => (up ? { status: 200, body: {} } : { status: 503, body: {} }),
  });
}

describe('a screen whose code cannot be downloaded', () => {
  it('shows the offline notice inside the layout, header and navigation kept, and Retry checks again', async () => {
    serverUp(false);
    renderApp('/terms');

    expect((await heading()).textContent).toBe(OFFLINE_HEADING);
    expect(screen.getByText(OFFLINE_MESSAGE)).toBeTruthy();
    // The layout is still there: the header's navigation and the main landmark around the notice.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 })).toBeTruthy();
    expect(document.title).toBe('Offline — TradeNest');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));

    // Still offline: it says so and stays.
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(STILL_OFFLINE));
    expect(reload).not.toHaveBeenCalled();

    // Back online: a fresh load fetches the code (the router never asks twice for a failed screen).
    serverUp(true);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('tries again by itself when the browser says the connection is back', async () => {
    serverUp(false);
    renderApp('/terms');
    expect((await heading()).textContent).toBe(OFFLINE_HEADING);
    serverUp(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('reloads once when the server is up (a deploy renamed the files), and not again within a minute', async () => {
    serverUp(true);
    renderApp('/terms');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(Number(sessionStorage.getItem(RELOADED_AT_KEY))).toBeGreaterThan(0);
    cleanup();

    // After that reload the code still fails: the error with Retry, not a reload loop.
    renderApp('/terms');
    expect((await heading()).textContent).toBe(ERROR_HEADING);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

let broken = true;
function Flaky() {
  if (broken) throw new Error('boom');
  return <h1>Loaded</h1>;
}
function Broken(): never {
  throw new Error('boom');
}
function Layout() {
  return (
    <>
      <nav aria-label="Main">
        <Link to="/">Home</Link>
      </nav>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

describe('the route error', () => {
  beforeEach(() => {
    // React reports an error caught by a boundary on console.error; here that error is the point.
    vi.mocked(console.error).mockImplementation(() => {});
  });

  it('re-runs the route on Retry, keeping the layout', async () => {
    broken = true;
    const router = createMemoryRouter([
      {
        path: '/',
        element: <Layout />,
        children: [{ errorElement: <RouteError />, children: [{ index: true, element: <Flaky /> }] }],
      },
    ]);
    render(<RouterProvider router={router} />);

    expect((await heading()).textContent).toBe(ERROR_HEADING);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Loaded'));
  });

  it('stands alone, with the spec’s generic fallback, when the layout itself fails', async () => {
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <AppError /> }]);
    render(<RouterProvider router={router} />);
    expect((await heading()).textContent).toBe(ERROR_HEADING);
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});

function Page() {
  return <h1>Page loaded</h1>;
}
function Nothing() {
  return null;
}

describe('a route’s code', () => {
  it('is asked for a second time before the route fails', async () => {
    const lazy = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue({ Component: Page });
    const router = createMemoryRouter(withRetriedLazies([{ path: '/', lazy, HydrateFallback: Nothing }]));
    render(<RouterProvider router={router} />);
    expect((await heading()).textContent).toBe('Page loaded');
    expect(lazy).toHaveBeenCalledTimes(2);
  });

  it('fails as a ChunkLoadError after two tries', async () => {
    const lazy = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const retried = withRetriedLazies([{ path: '/', lazy }])[0]!.lazy as () => Promise<unknown>;
    await expect(retried()).rejects.toBeInstanceOf(ChunkLoadError);
    expect(lazy).toHaveBeenCalledTimes(2);
  });
});
