import { startTransition, useEffect, useState } from 'react';
import { USER_TYPE_STORAGE_KEY } from '@/lib/session';
import { isHydrating } from './hydration';

// Loads app-chrome.tsx, the signed-in navigation, outside the first script. Not React.lazy: a lazy
// component shows its fallback for at least one render even when its code is already here, and the
// navigation would blink in. Here the module, once loaded, renders in the same pass as the rest.

type AppChrome = typeof import('./app-chrome');

let chrome: AppChrome | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

export function loadAppChrome(): Promise<void> {
  loading ??= import('./app-chrome').then(
    (module) => {
      chrome = module;
      for (const listener of listeners) listener();
    },
    () => {
      // Offline or a new deployment: the next screen that needs it tries again.
      loading = undefined;
    },
  );
  return loading;
}

// Signed in last time: fetch it beside the first screen's code, so both are here for the first render.
try {
  if (typeof window !== 'undefined' && localStorage.getItem(USER_TYPE_STORAGE_KEY)) void loadAppChrome();
} catch {
  // No storage: it loads when the session says someone is signed in.
}

/** The signed-in navigation's module once loaded (undefined until then); `wanted` starts loading it. */
export function useAppChrome(wanted: boolean): AppChrome | undefined {
  // Hydrating, the first render is the server's, which has no chrome. Its arrival is then a transition,
  // rendered in slices: it re-renders the whole layout, and as an external store's update (blocking) it
  // was one of the longest tasks of a server-rendered job page's start (Lighthouse).
  const [loaded, setLoaded] = useState(() => (isHydrating() ? undefined : chrome));
  useEffect(() => {
    const update = () => startTransition(() => setLoaded(chrome));
    update();
    listeners.add(update);
    return () => {
      listeners.delete(update);
    };
  }, []);
  useEffect(() => {
    if (wanted) void loadAppChrome();
  }, [wanted]);
  return loaded;
}
