import { useSyncExternalStore } from 'react';

// public/theme-init.js applies the same rule before first paint; keep the two in step.
export const THEME_STORAGE_KEY = 'tradenest.theme';
/** Set while the stored theme is a copy of a signed-in account's choice rather than this browser's own. */
const FROM_ACCOUNT_KEY = 'tradenest.themeFromAccount';

export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type ResolvedTheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function readChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return THEME_CHOICES.find((choice) => choice === value) ?? 'system';
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

function resolve(choice: ThemeChoice): ResolvedTheme {
  if (choice === 'system') return systemPrefersDark() ? 'dark' : 'light';
  return choice;
}

function apply(): void {
  const resolved = resolve(readChoice());
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  // Native controls and scrollbars follow the page.
  root.style.colorScheme = resolved;
}

/** Applies and stores a theme; `fromAccount` when it is (a copy of) the signed-in account's choice. */
export function setThemeChoice(choice: ThemeChoice, fromAccount = false): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, choice);
    if (fromAccount) localStorage.setItem(FROM_ACCOUNT_KEY, '1');
    else localStorage.removeItem(FROM_ACCOUNT_KEY);
  } catch {
    // Without storage the choice still applies for this page view.
  }
  apply();
  for (const listener of listeners) listener();
}

/**
 * For an account that has no theme choice: a copy of an account's earlier choice (this one's, since
 * reset elsewhere, or the last user's) gives way to the device's setting; this browser's own stays.
 */
export function dropAccountTheme(): void {
  try {
    if (localStorage.getItem(FROM_ACCOUNT_KEY)) setThemeChoice('system');
  } catch {
    // Nothing stored to drop.
  }
}

function subscribe(onChange: () => void): () => void {
  const notify = () => {
    apply();
    onChange();
  };
  listeners.add(onChange);
  // Follow the operating system while the choice is 'system', and other tabs' choices.
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : undefined;
  media?.addEventListener('change', notify);
  window.addEventListener('storage', notify);
  return () => {
    listeners.delete(onChange);
    media?.removeEventListener('change', notify);
    window.removeEventListener('storage', notify);
  };
}

function snapshot(): string {
  const choice = readChoice();
  return `${choice}:${resolve(choice)}`;
}

export function useTheme(): { choice: ThemeChoice; resolved: ResolvedTheme } {
  const [choice, resolved] = useSyncExternalStore(subscribe, snapshot, () => 'system:light').split(':') as [
    ThemeChoice,
    ResolvedTheme,
  ];
  return { choice, resolved };
}
