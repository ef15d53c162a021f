import { FlaskConical } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Outlet, useParams } from 'react-router';
import { SandboxChallengePage } from '@/features/payments/sandbox/challenge-page';
import { SandboxCheckoutPage } from '@/features/payments/sandbox/checkout-page';
import { SandboxOnboardingPage } from '@/features/payments/sandbox/onboarding-page';

// The sandbox payment provider's hosted pages (docs/api/payments.md), under /sandbox. They stand where
// the provider's own pages would, so they are not TradeNest screens: no app navigation, no sign-in,
// and a plain mark that this is the sandbox. All of them are this one chunk (router.tsx loads it once
// for the layout and the page), so the route table every visitor downloads grows by a single import.

export function SandboxLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to main content
      </a>
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-14 w-full max-w-xl items-center gap-2 px-4">
          <FlaskConical className="size-5 text-primary" aria-hidden="true" />
          <p className="font-semibold">
            Payments sandbox
            <span className="font-normal text-muted-foreground"> · for TradeNest</span>
          </p>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="mx-auto w-full max-w-xl px-4 py-6 sm:py-10">
          <Outlet />
        </div>
      </main>
    </div>
  );
}

/** A sandbox page: its document title, and the id from its address (a new id is a new page). */
function Page({ title, render }: { title: string; render: (id: string) => ReactNode }) {
  const { id = '' } = useParams();
  useEffect(() => {
    document.title = `${title} — TradeNest Sandbox`;
  }, [title]);
  return render(id);
}

export const SandboxCheckout = () => (
  <Page title="Checkout" render={(id) => <SandboxCheckoutPage key={id} id={id} />} />
);
export const SandboxChallenge = () => (
  <Page title="Authenticate your payment" render={(id) => <SandboxChallengePage key={id} id={id} />} />
);
export const SandboxOnboarding = () => (
  <Page title="Payout account" render={(id) => <SandboxOnboardingPage key={id} id={id} />} />
);
