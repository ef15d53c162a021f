import type { SignInLinkSent } from '@domain/accounts/api';
import type { SignInBody, SignUpBody } from '@domain/accounts/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiFetch } from '@/lib/api';
import { writeStoredUserType } from '@/lib/session';
import { showError, showSuccess } from '@/lib/toast';
import { rememberNewAccount } from './greeting';
import { clearSession, SESSION_QUERY_KEY, type SessionUser, setSessionUser, signedInHome } from './session';
import { announceSessionChange } from './session-sync';

type UserResponse = { user: SessionUser };

type Toast = { title: string; description: string };

// The spec's success toasts (section 8).
export const SIGNED_UP = { title: 'Account created!', description: 'You can now browse and post jobs.' };
export const SIGNED_IN = { title: 'Welcome back!', description: "You've successfully signed in." };
// The spec's sign-up words are a customer's: a tradesperson cannot post jobs, and finds them once
// Business Setup is done.
export const SIGNED_UP_TRADESPERSON = {
  title: 'Account created!',
  description: 'Set up your business profile to start finding jobs.',
};

/**
 * What follows a successful sign-in or sign-up. It runs here, in the mutation, not in the form: once
 * the session says "signed in" the /auth page's guard unmounts the form.
 */
function useSignedIn(toastFor: (user: SessionUser) => Toast, signedUp = false) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return ({ user }: UserResponse) => {
    setSessionUser(queryClient, user);
    writeStoredUserType(user.userType);
    rememberNewAccount(signedUp ? user.id : null);
    announceSessionChange();
    const toast = toastFor(user);
    void showSuccess(toast.title, toast.description);
    // Spec section 4: success goes to /home (tradespeople then continue to their dashboard); admins
    // land on the admin console.
    void navigate(signedInHome(user));
  };
}

export function useSignIn() {
  const onSuccess = useSignedIn(() => SIGNED_IN);
  return useMutation({
    mutationFn: (body: SignInBody) => apiFetch<UserResponse>('/auth/sign-in', { method: 'POST', json: body }),
    onSuccess,
  });
}

export function useRedeemSignInLink() {
  const onSuccess = useSignedIn(() => SIGNED_IN);
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<UserResponse>('/auth/sign-in-link/redeem', { method: 'POST', json: { token } }),
    onSuccess,
  });
}

export function useRequestSignInLink() {
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch<SignInLinkSent>('/auth/sign-in-link', { method: 'POST', json: { email } }),
  });
}

export function useSignUp() {
  const onSuccess = useSignedIn(
    (user) => (user.userType === 'tradesperson' ? SIGNED_UP_TRADESPERSON : SIGNED_UP),
    true,
  );
  return useMutation({
    mutationFn: (body: SignUpBody) => apiFetch<UserResponse>('/auth/sign-up', { method: 'POST', json: body }),
    onSuccess,
  });
}

/**
 * Forgets the session in this tab and the others and returns to the landing page. Used after signing
 * out and after deleting the account, whose server call has already ended the session.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    clearSession(queryClient);
    writeStoredUserType(null);
    announceSessionChange();
    // Spec section 4: sign-out returns to /.
    void navigate('/');
  };
}

/**
 * Log Out. This tab lets go of the account first (its requests cancelled, its personal screens and
 * live stream gone, back on /), then asks the server to end the session: a request still on its way
 * when the session ended was answered 401. Other tabs are told once the server has ended it. If the
 * server could not be reached, the session is read again, so the screen says who is really signed in.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await queryClient.cancelQueries();
      clearSession(queryClient);
      writeStoredUserType(null);
      // Spec section 4: sign-out returns to /.
      void navigate('/');
      await apiFetch<void>('/auth/sign-out', { method: 'POST' });
    },
    onSuccess: announceSessionChange,
    onError: (error) => {
      showError('Error', error.message);
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<UserResponse>('/auth/verify-email', { method: 'POST', json: { token } }),
    // The link may be opened in a browser that is signed out, or signed in as someone else: ask the
    // server who is signed in rather than trusting the answer's user.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiFetch<void>('/auth/resend-verification', { method: 'POST' }),
  });
}
