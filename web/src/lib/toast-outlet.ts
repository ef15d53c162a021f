import { useSyncExternalStore } from 'react';

// The toast outlet (<AppToaster/>, and sonner behind it) is mounted only when the first toast is asked
// for: most visits never show one, and the landing page's first JavaScript stays smaller without it.
// A toast waits until the outlet is listening, so none is lost.

let ready: Promise<void> | null = null;
let markReady: (() => void) | undefined;
const listeners = new Set<() => void>();

/** Asks for the outlet (mounting it if needed); resolves once it listens for toasts. */
export function toastOutlet(): Promise<void> {
  if (!ready) {
    ready = new Promise((resolve) => {
      markReady = resolve;
    });
    for (const listener of listeners) listener();
  }
  return ready;
}

/** Called by the outlet once mounted (its child, sonner's Toaster, subscribed in an earlier effect). */
export function toastOutletMounted(): void {
  markReady?.();
}

/** Whether any toast has been asked for yet (the providers mount the outlet from then on). */
export function useToastOutletWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => ready !== null,
    () => false,
  );
}
