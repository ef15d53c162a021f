import { USER_TYPES, type UserType } from '@domain/catalog/catalog';
import { useSyncExternalStore } from 'react';

// The spec keeps the user type in local storage so the bottom navigation can pick its variant
// before the profile has loaded. Accounts arrive with a later issue; until then nothing writes
// this key, so the hook returns null and no signed-in navigation is shown.
export const USER_TYPE_STORAGE_KEY = 'tradenest.userType';

function readUserType(): UserType | null {
  try {
    const value = localStorage.getItem(USER_TYPE_STORAGE_KEY);
    return USER_TYPES.find((type) => type === value) ?? null;
  } catch {
    // Storage can be unavailable (privacy modes, blocked cookies): behave as signed out.
    return null;
  }
}

function subscribe(onChange: () => void): () => void {
  // The storage event keeps several open tabs in step when one signs in or out.
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

export function useStoredUserType(): UserType | null {
  return useSyncExternalStore(subscribe, readUserType, () => null);
}
