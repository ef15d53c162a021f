// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '@/lib/theme';
import { makeUser, mockApi, renderApp, sessionHandler } from '@/test/render';

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
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
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

describe('the theme of a signed-in user', () => {
  it('follows a dark device while the account has no choice', async () => {
    deviceDark = true;
    document.documentElement.classList.add('dark'); // as public/theme-init.js leaves it
    const seen = recordThemes();
    mockApi(sessionHandler(makeUser({ settings: { ...makeUser().settings, darkMode: null } })));
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isDark()).toBe(true);
    expect(seen.every(Boolean)).toBe(true);
    // Nothing is written over "follow the device".
    expect(localStorage.getItem(THEME_STORAGE_KEY) ?? 'system').toBe('system');
  });

  it('keeps a choice made in this browser while the account has none', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    document.documentElement.classList.add('dark'); // as public/theme-init.js leaves it
    const seen = recordThemes();
    mockApi(sessionHandler(makeUser({ settings: { ...makeUser().settings, darkMode: null } })));
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isDark()).toBe(true);
    expect(seen.every(Boolean)).toBe(true);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('drops a copy of an account’s earlier choice once the account has none', async () => {
    deviceDark = true;
    // Left by an account that chose light (this one before a reset elsewhere, or the last user).
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    localStorage.setItem('tradenest.themeFromAccount', '1');
    mockApi(sessionHandler(makeUser({ settings: { ...makeUser().settings, darkMode: null } })));
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    await waitFor(() => expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('system'));
    expect(isDark()).toBe(true);
  });

  it('lets the account’s explicit choice win over the device', async () => {
    deviceDark = true;
    mockApi(sessionHandler(makeUser({ settings: { ...makeUser().settings, darkMode: false } })));
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    await waitFor(() => expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light'));
    expect(isDark()).toBe(false);
  });

  it('shows the Dark mode switch as the page looks until a choice is made, then saves the choice', async () => {
    deviceDark = true;
    const fetchMock = mockApi({
      ...sessionHandler(makeUser({ settings: { ...makeUser().settings, darkMode: null } })),
      'PATCH /api/v1/account/settings': (init) => ({
        status: 200,
        body: { settings: { ...makeUser().settings, ...JSON.parse(String(init?.body)) } },
      }),
    });
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
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
