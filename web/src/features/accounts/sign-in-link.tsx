import { SignInLinkBody } from '@domain/accounts/schemas';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { showError, showSuccess } from '@/lib/toast';
import { useRedeemSignInLink, useRequestSignInLink } from './auth-mutations';

/**
 * An emailed sign-in link lands on /auth?signin=<token>. It is redeemed once; success goes to /home
 * like any sign-in, failure leaves the sign-in form with the reason.
 */
export function RedeemSignInLink({ token }: { token: string }) {
  const [, setSearchParams] = useSearchParams();
  const redeem = useRedeemSignInLink();
  // Each token is sent once, even when React runs the effect twice in development.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    redeem.mutate(token, {
      onError: (error) => {
        void showError('Error', error.message);
        setSearchParams(
          (params) => {
            params.delete('signin');
            return params;
          },
          { replace: true },
        );
      },
    });
  }, [token, redeem.mutate, setSearchParams]);

  return (
    <div role="status" className="mx-auto flex min-h-[50vh] max-w-md items-center justify-center gap-3 px-4">
      <Spinner />
      <span>Signing you in…</span>
    </div>
  );
}

/** "Email me a sign-in link": the way in when password attempts are being refused. */
export function EmailSignInLinkButton({
  email,
  onInvalid,
}: {
  email: () => string;
  onInvalid: (message: string) => void;
}) {
  const request = useRequestSignInLink();
  const send = () => {
    const parsed = SignInLinkBody.safeParse({ email: email() });
    if (!parsed.success) {
      onInvalid(parsed.error.issues[0]?.message ?? 'Invalid email address');
      return;
    }
    request.mutate(parsed.data.email, {
      onSuccess: (answer) => void showSuccess('Check your email', answer.message),
      onError: (error) => void showError('Error', error.message),
    });
  };
  return (
    <button
      type="button"
      onClick={send}
      disabled={request.isPending}
      aria-busy={request.isPending}
      className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
    >
      Email me a sign-in link
    </button>
  );
}
