// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '@/lib/theme';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

let deviceDark = false;
const originalMatchMedia = window.matchMedia;

beforeEach(() => {
  deviceDark = false;
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: query === '(prefers-color-scheme: dark)' && deviceDark,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }),
  });
});

afterEach(() => {
  resetBetweenTests();
  document.documentElement.classList.remove('dark');
  Object.defineProperty(window, 'matchMedia', { configurable: true, value: originalMatchMedia });
});

const isDark = () => document.documentElement.classList.contains('dark');

/** Every theme the page showed while the test ran, from the class on <html>. */
function recordThemes(): boolean[] {
  const seen: boolean[] = [];
  const observer = new MutationObserver(() => seen.push(isDark()));
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return seen;
}

/** A user whose account's Dark mode setting is `darkMode` (null: no choice, follow the device). */
const userWithDarkMode = (darkMode: boolean | null) =>
  makeUser({ settings: { ...makeUser().settings, darkMode } });

/** My Account against the fake API, once its heading shows (the first screen waits for lazy chunks). */
async function openProfile(handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(handlers);
  renderApp('/profile');
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return fetchMock;
}

/**
 * Opens My Account for an account with no choice, the page dark before the app starts (as
 * public/theme-init.js leaves it), and checks it stays dark: no light flash while the session loads.
 */
async function expectDarkThroughout() {
  document.documentElement.classList.add('dark');
  const seen = recordThemes();
  await openProfile(sessionHandler(userWithDarkMode(null)));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(isDark()).toBe(true);
  expect(seen.every(Boolean)).toBe(true);
}

describe('the theme of a signed-in user', () => {
  it('follows a dark device while the account has no choice', async () => {
    deviceDark = true;
    await expectDarkThroughout();
    // Nothing is written over "follow the device".
    expect(localStorage.getItem(THEME_STORAGE_KEY) ?? 'system').toBe('system');
  });

  it('keeps a choice made in this browser while the account has none', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    await expectDarkThroughout();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('drops a copy of an account’s earlier choice once the account has none', async () => {
    deviceDark = true;
    // Left by an account that chose light (this one before a reset elsewhere, or the last user).
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    localStorage.setItem('tradenest.themeFromAccount', '1');
    await openProfile(sessionHandler(userWithDarkMode(null)));
    await waitFor(() => expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('system'));
    expect(isDark()).toBe(true);
  });

  it('lets the account’s explicit choice win over the device', async () => {
    deviceDark = true;
    await openProfile(sessionHandler(userWithDarkMode(false)));
    await waitFor(() => expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light'));
    expect(isDark()).toBe(false);
  });

  it('shows the Dark mode switch as the page looks until a choice is made, then saves the choice', async () => {
    deviceDark = true;
    const fetchMock = await openProfile({
      ...sessionHandler(userWithDarkMode(null)),
      'PATCH /api/v1/account/settings': (init) => ({
        status: 200,
        body: { settings: { ...makeUser().settings, ...JSON.parse(String(init?.body)) } },
      }),
    });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Settings' }), { button: 0 });
    const darkMode = await screen.findByRole('switch', { name: 'Dark mode' });
    expect(darkMode.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(darkMode);
    await waitFor(() => expect(isDark()).toBe(false));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/account/settings',
      expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ darkMode: false }) }),
    );
  });
});
