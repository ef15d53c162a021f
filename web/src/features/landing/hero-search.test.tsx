// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { HeroSearch } from './hero-search';

afterEach(cleanup);

function Destination() {
  const location = useLocation();
  return <p data-testid="destination">{location.pathname + location.search}</p>;
}

function renderSearch() {
  const router = createMemoryRouter([
    { path: '/', element: <HeroSearch /> },
    { path: '/browse-services', element: <Destination /> },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

describe('HeroSearch', () => {
  it('goes to /browse-services with the service and location query parameters', async () => {
    const router = renderSearch();
    fireEvent.change(screen.getByLabelText('What service do you need?'), { target: { value: ' Plumbing ' } });
    fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: 'M1 1AE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    await screen.findByTestId('destination');
    expect(router.state.location.pathname).toBe('/browse-services');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('service')).toBe('Plumbing');
    expect(params.get('location')).toBe('M1 1AE');
  });

  it('leaves out empty fields', async () => {
    const router = renderSearch();
    fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: 'SW1A 1AA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    await screen.findByTestId('destination');
    expect(router.state.location.search).toBe('?location=SW1A+1AA');
  });
});
