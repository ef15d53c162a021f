// @vitest-environment happy-dom
import { CITIES } from '@domain/catalog/catalog';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

afterEach(resetBetweenTests);

const cityLinks = () => within(screen.getByRole('list', { name: 'Cities' })).queryAllByRole('link');

describe('Browse by Location', () => {
  it('lists the 15 cities, each opening the Find screen for it', async () => {
    mockApi(sessionHandler(null));
    renderApp('/browse-location');
    expect(await screen.findByRole('heading', { level: 1, name: 'Browse by Location' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Search by city or postcode')).toBeTruthy();
    expect(cityLinks().map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      CITIES.map((city) => [city, `/browse?location=${city}`]),
    );
  });

  it('filters the cities by what is typed, in any case', async () => {
    mockApi(sessionHandler(null));
    renderApp('/browse-location');
    const box = await screen.findByPlaceholderText('Search by city or postcode');
    fireEvent.change(box, { target: { value: 'ches' } });
    expect(cityLinks().map((link) => link.textContent)).toEqual(['Manchester']);
    expect(screen.getByText('1 of 15 cities match').getAttribute('aria-live')).toBe('polite');
    fireEvent.change(box, { target: { value: 'LE' } });
    expect(cityLinks().map((link) => link.textContent)).toEqual(['Leeds', 'Newcastle', 'Leicester']);
  });

  it('offers a postcode typed there as a search of its own', async () => {
    mockApi(sessionHandler(null));
    const { router } = renderApp('/browse-location');
    fireEvent.change(await screen.findByPlaceholderText('Search by city or postcode'), {
      target: { value: 'ls1 4ap' },
    });
    expect(screen.queryByRole('list', { name: 'Cities' })).toBeNull();
    const link = screen.getByRole('link', { name: 'Tradespeople near LS1 4AP' });
    expect(link.getAttribute('href')).toBe('/browse?location=LS1+4AP');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    expect(new URLSearchParams(router.state.location.search).get('location')).toBe('LS1 4AP');
  });

  it('offers no extra link for a city on the list', async () => {
    mockApi(sessionHandler(null));
    renderApp('/browse-location');
    fireEvent.change(await screen.findByPlaceholderText('Search by city or postcode'), {
      target: { value: 'leeds' },
    });
    expect(cityLinks().map((link) => link.textContent)).toEqual(['Leeds']);
    expect(screen.queryByRole('link', { name: /Tradespeople near/ })).toBeNull();
  });
});
