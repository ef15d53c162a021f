import { USER_TYPES, type UserType } from '@domain/catalog/catalog';
import { useSyncExternalStore } from 'react';

// The spec keeps the user type in local storage so the bottom navigation can pick its variant
// before the session has loaded. features/accounts writes it from the session: refreshed while signed in,
// cleared when signed out (spec section 4).
export const USER_TYPE_STORAGE_KEY = 'tradenest.userType';

// The storage event reaches only other tabs; writes from this tab notify through this set.
const listeners = new Set<() => void>();

function readUserType(): UserType | null {
  try {
    const value = localStorage.getItem(USER_TYPE_STORAGE_KEY);
    return USER_TYPES.find((type) => type === value) ?? null;
  } catch {
    // Storage can be unavailable (privacy modes, blocked cookies): behave as signed out.
    return null;
  }
}

/** Stores the signed-in user's type, or forgets it (null) after signing out. */
export function writeStoredUserType(userType: UserType | null): void {
  if (readUserType() === userType) return;
  try {
    if (userType) localStorage.setItem(USER_TYPE_STORAGE_KEY, userType);
    else localStorage.removeItem(USER_TYPE_STORAGE_KEY);
  } catch {
    // Without storage the session query alone decides; nothing else to do.
  }
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // The storage event keeps several open tabs in step when one signs in or out.
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useStoredUserType(): UserType | null {
  return useSyncExternalStore(subscribe, readUserType, () => null);
}
