// Whether this tab's account was created here and has not signed in again since: a new account is
// greeted 'Welcome', not 'Welcome back'. Session storage is enough: the first visit is in the tab
// that signed up, and a later sign-in clears it.
const NEW_ACCOUNT_KEY = 'tradenest.newAccount';

/** Remembers (an id) or forgets (null) the account just created in this tab. */
export function rememberNewAccount(userId: string | null): void {
  try {
    if (userId) sessionStorage.setItem(NEW_ACCOUNT_KEY, userId);
    else sessionStorage.removeItem(NEW_ACCOUNT_KEY);
  } catch {
    // Without storage everyone is greeted as returning; nothing else depends on it.
  }
}

function isNewAccount(userId: string): boolean {
  try {
    return sessionStorage.getItem(NEW_ACCOUNT_KEY) === userId;
  } catch {
    return false;
  }
}

/** 'Welcome, Tom' on a new account's first visit, else 'Welcome back, Tom' ('Welcome back' unnamed). */
export function greeting(userId: string, name: string | null | undefined): string {
  const words = isNewAccount(userId) ? 'Welcome' : 'Welcome back';
  return name ? `${words}, ${name}` : words;
}
