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

/**
 * A gentle reminder under the header while the signed-in user's email is unverified. On phones it is one
 * short line with its action (the rest of the sentence is still read out); wider screens say it all.
 */
export function VerifyEmailBanner() {
  const { user } = useSession();
  const resend = useResendVerification();
  // Dismissed for this visit only: the reminder comes back on the next one until the email is verified.
  const [dismissed, setDismissed] = useState(false);
  if (!user || user.emailVerified || dismissed) return null;

  return (
    <section aria-label="Email verification" className="border-b border-border bg-muted">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-1.5 text-sm sm:gap-4 sm:py-3">
        <MailWarning className="hidden size-5 shrink-0 text-primary sm:block" aria-hidden="true" />
        <p className="min-w-0 flex-1 truncate text-foreground sm:whitespace-normal">
          Please verify your email<span className="sr-only sm:not-sr-only"> address</span>.
          <span className="sr-only sm:not-sr-only">
            {' '}
            We sent a link to <span className="font-medium break-all">{user.email}</span>.
          </span>
        </p>
        <Button
          variant="outline"
          size="sm"
          className="h-8 sm:h-9"
          disabled={resend.isPending}
          aria-busy={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: () => void showSuccess('Verification email sent'),
              onError: (error) => void showError('Error', error.message),
            })
          }
        >
          {/* One flex item, so the button's gap does not come between the words. */}
          <span>
            Resend<span className="sr-only sm:not-sr-only"> email</span>
          </span>
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 sm:size-10"
          aria-label="Dismiss"
          onClick={() => setDismissed(true)}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
