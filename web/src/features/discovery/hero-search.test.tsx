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

function renderSearch(suggestedLocation: string | null = null) {
  const router = createMemoryRouter([
    { path: '/', element: <HeroSearch suggestedLocation={suggestedLocation} /> },
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

  it('searches what the boxes show, also text React has not been told of yet', async () => {
    // As when a search typed into the server-rendered page is replayed while the app takes it over,
    // before the effect that adopts the typed postcode has run.
    const router = renderSearch('SW1A');
    (screen.getByLabelText('What service do you need?') as HTMLInputElement).value = 'Roofer';
    (screen.getByLabelText('Postcode') as HTMLInputElement).value = 'LS1 4AP';
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    await screen.findByTestId('destination');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('service')).toBe('Roofer');
    expect(params.get('location')).toBe('LS1 4AP');
  });

  it('leaves out empty fields', async () => {
    const router = renderSearch();
    fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: 'SW1A 1AA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    await screen.findByTestId('destination');
    expect(router.state.location.search).toBe('?location=SW1A+1AA');
  });

  it('offers the suggested district and sends it unless the visitor changes it', async () => {
    const router = renderSearch('LS1');
    expect((screen.getByLabelText('Postcode') as HTMLInputElement).value).toBe('LS1');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByTestId('destination');
    expect(router.state.location.search).toBe('?location=LS1');
  });

  it('keeps an emptied postcode empty rather than bringing the suggestion back', () => {
    renderSearch('LS1');
    const postcode = screen.getByLabelText('Postcode') as HTMLInputElement;
    fireEvent.change(postcode, { target: { value: '' } });
    expect(postcode.value).toBe('');
  });
});
