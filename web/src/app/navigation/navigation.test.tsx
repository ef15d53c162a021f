// @vitest-environment happy-dom
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { NavigationProgress } from './navigation-progress';

afterEach(resetBetweenTests);

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe('moving between pages', () => {
  it('names each page in the document title and moves focus to its heading', async () => {
    mockApi(sessionHandler(null));
    const { router } = renderApp('/terms');
    await h1('Terms of Service');
    // The title is set in an effect, which may run just after the heading is on the page.
    await waitFor(() => expect(document.title).toBe('Terms of Service — TradeNest'));
    // The first page is where the browser starts anyway: focus is left alone.
    expect(document.activeElement).toBe(document.body);

    // As after a click on a link: focus was on the link when the page changed.
    const link = screen.getAllByRole('link', { name: 'Privacy Policy' })[0]!;
    link.focus();
    await act(() => router.navigate('/privacy'));
    const heading = await h1('Privacy Policy');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    await waitFor(() => expect(document.title).toBe('Privacy Policy — TradeNest'));
  });

  it('leaves focus where it is when only the query changes', async () => {
    mockApi(sessionHandler(null));
    const { router } = renderApp('/terms');
    await h1('Terms of Service');
    const link = screen.getAllByRole('link', { name: 'Privacy Policy' })[0]!;
    link.focus();
    await act(() => router.navigate('/terms?section=2'));
    expect(document.activeElement).toBe(link);
  });
});

function SlowPage() {
  return <h1>Slow page</h1>;
}

describe('the navigation progress bar', () => {
  it('shows while the next page’s code is on its way, after a short delay, and goes once it is here', async () => {
    let arrive: () => void = () => {};
    const codeArrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <>
            <NavigationProgress />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <h1>First</h1> },
          {
            path: 'slow',
            lazy: async () => {
              await codeArrived;
              return { Component: SlowPage };
            },
          },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    await h1('First');

    act(() => {
      void router.navigate('/slow');
    });
    // Not at once: a quick page would only flash it.
    expect(screen.queryByRole('progressbar')).toBeNull();
    const bar = await screen.findByRole('progressbar', { name: 'Loading page' });
    expect(bar).toBeTruthy();
    arrive();
    await h1('Slow page');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
