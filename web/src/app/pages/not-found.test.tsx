// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { NotFoundPage } from './not-found';

afterEach(cleanup);

it('says the page was not found and links home', () => {
  const router = createMemoryRouter([{ path: '*', element: <NotFoundPage /> }], {
    initialEntries: ['/no/such/page'],
  });
  render(<RouterProvider router={router} />);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oops! Page not found');
  expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
});
