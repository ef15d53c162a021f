import { MailWarning, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { showError, showSuccess } from '@/lib/toast';
import { useResendVerification, useVerifyEmail } from './auth-mutations';
import { useSession } from './session';

/**
 * Handles the verification link, which returns to the site root as /?verify=<token>. Mounted in the
 * root layout, so it runs before the landing page's signed-in redirect (which waits for it).
 */
export function VerifyEmailLink() {
  const location = useLocation();
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const token = new URLSearchParams(location.search).get('verify');
  // Each token is sent once, even when React runs the effect twice in development.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    const params = new URLSearchParams(location.search);
    params.delete('verify');
    const search = params.toString();
    verify.mutate(token, {
      onSuccess: () => void showSuccess('Email verified', 'Thank you. Your email address is confirmed.'),
      onError: (error) => void showError('Error', error.message),
      onSettled: () =>
        void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true }),
    });
  }, [token, location.pathname, location.search, navigate, verify.mutate]);

  return null;
}

/** A gentle reminder under the header while the signed-in user's email is unverified. */
export function VerifyEmailBanner() {
  const { user } = useSession();
  const resend = useResendVerification();
  // Dismissed for this visit only: the reminder comes back on the next one until the email is verified.
  const [dismissed, setDismissed] = useState(false);
  if (!user || user.emailVerified || dismissed) return null;

  return (
    <section aria-label="Email verification" className="border-b border-border bg-muted">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
        <MailWarning className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <p className="min-w-0 flex-1 text-foreground">
          Please verify your email address. We sent a link to{' '}
          <span className="font-medium break-all">{user.email}</span>.
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={resend.isPending}
          aria-busy={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: () => void showSuccess('Verification email sent'),
              onError: (error) => void showError('Error', error.message),
            })
          }
        >
          Resend email
        </Button>
        <Button variant="ghost" size="icon" aria-label="Dismiss" onClick={() => setDismissed(true)}>
          <X aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
