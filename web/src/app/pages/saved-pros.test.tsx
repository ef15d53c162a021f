// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCard } from '@/features/discovery/test-fixtures';
import { showError } from '@/lib/toast';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

describe('Saved Professionals', () => {
  it('lists the saved tradespeople with their hearts pressed', async () => {
    const cards = [
      makeCard({ fullName: 'Tom Pipes', saved: true }),
      makeCard({ fullName: 'Sue Sparks', saved: true }),
    ];
    mockApi({
      ...sessionHandler(makeUser()),
      'GET /api/v1/saved-pros': () => ({ status: 200, body: { tradespeople: cards } }),
    });
    renderApp('/saved-pros');
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved Professionals' })).toBeTruthy();
    expect(await screen.findByText('2 saved professionals')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save Tom Pipes' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('drops an unsaved tradesperson from the list at once', async () => {
    const tom = makeCard({ fullName: 'Tom Pipes', saved: true });
    const sue = makeCard({ fullName: 'Sue Sparks', saved: true });
    let saved = [tom, sue];
    mockApi({
      ...sessionHandler(makeUser()),
      'GET /api/v1/saved-pros': () => ({ status: 200, body: { tradespeople: saved } }),
      [`DELETE /api/v1/saved-pros/${tom.id}`]: () => {
        saved = [sue];
        return { status: 204 };
      },
    });
    renderApp('/saved-pros');
    fireEvent.click(await screen.findByRole('button', { name: 'Save Tom Pipes' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Tom Pipes' })).toBeNull());
    expect(await screen.findByText('1 saved professional')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sue Sparks' })).toBeTruthy();
  });

  it('puts the tradesperson back in their place when unsaving fails', async () => {
    const tom = makeCard({ fullName: 'Tom Pipes', saved: true });
    const sue = makeCard({ fullName: 'Sue Sparks', saved: true });
    mockApi({
      ...sessionHandler(makeUser()),
      'GET /api/v1/saved-pros': () => ({ status: 200, body: { tradespeople: [tom, sue] } }),
      [`DELETE /api/v1/saved-pros/${tom.id}`]: () => ({
        status: 500,
        body: { error: { code: 'internal', message: 'Boom' } },
      }),
    });
    renderApp('/saved-pros');
    fireEvent.click(await screen.findByRole('button', { name: 'Save Tom Pipes' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Error', 'Failed to remove this saved professional'),
    );
    await waitFor(() =>
      expect(screen.getAllByRole('article').map((a) => a.querySelector('h2 a')?.textContent)).toEqual([
        'Tom Pipes',
        'Sue Sparks',
      ]),
    );
  });

  it('says there are none yet and links to the Find screen', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      'GET /api/v1/saved-pros': () => ({ status: 200, body: { tradespeople: [] } }),
    });
    renderApp('/saved-pros');
    expect(await screen.findByText('No saved professionals yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find Tradespeople' }).getAttribute('href')).toBe('/browse');
  });

  it('sends a visitor to sign in', async () => {
    mockApi(sessionHandler(null));
    const { router } = renderApp('/saved-pros');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });
});
