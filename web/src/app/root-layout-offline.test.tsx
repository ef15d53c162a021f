// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

// The live updates' code cannot be downloaded (offline, or renamed by a deploy).
vi.mock('@/features/messaging/realtime', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/realtime-abc123.js');
});

afterEach(resetBetweenTests);

it('keeps the layout and the page when the live updates’ code fails to download', async () => {
  mockApi({
    ...sessionHandler(makeUser()),
    'GET /api/v1/conversations/unread': () => ({ status: 200, body: { unread: 0 } }),
  });
  renderApp('/terms');
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Terms of Service');
  // The signed-in header's own chunk comes after the failed import has settled: the page is still there.
  await screen.findByRole('button', { name: 'Log Out' }, { timeout: 5000 });
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms of Service');
  expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
});
