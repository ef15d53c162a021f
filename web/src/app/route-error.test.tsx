// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { RouteError } from './route-error';

afterEach(cleanup);

function Broken(): never {
  throw new Error('boom');
}

it('shows the spec’s generic fallback when a route fails', async () => {
  // React reports an error caught by a boundary on console.error; here that error is the point.
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteError /> }]);
  render(<RouterProvider router={router} />);

  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
    'Unexpected Application Error!',
  );
  expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  expect(consoleError).toHaveBeenCalled();
});
