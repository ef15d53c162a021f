import { FlaskConical } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useParams } from 'react-router';
import { SandboxChallengePage } from '@/features/payments/sandbox/challenge-page';
import { SandboxCheckoutPage } from '@/features/payments/sandbox/checkout-page';
import { SandboxIntentChallengePage } from '@/features/payments/sandbox/intent-challenge-page';
import { SandboxOnboardingPage } from '@/features/payments/sandbox/onboarding-page';
import { SandboxNotice } from '@/features/payments/sandbox/sandbox-parts';

// The sandbox payment provider's hosted pages (docs/api/payments.md), under /sandbox/*. They stand
// where the provider's own pages would, so they are not TradeNest screens: no app navigation, no
// sign-in, and a plain mark that this is the sandbox. The route table every visitor downloads has one
// entry for all of them; this chunk tells its pages apart itself.

const PAGES: { path: RegExp; title: string; render: (id: string) => ReactNode }[] = [
  {
    path: /^checkout\/([^/]+)$/,
    title: 'Checkout',
    render: (id) => <SandboxCheckoutPage key={id} id={id} />,
  },
  {
    path: /^checkout\/([^/]+)\/authenticate$/,
    title: 'Authenticate your payment',
    render: (id) => <SandboxChallengePage key={id} id={id} />,
  },
  {
    path: /^authenticate\/([^/]+)$/,
    title: 'Authenticate',
    render: (id) => <SandboxIntentChallengePage key={id} id={id} />,
  },
  {
    path: /^onboarding\/([^/]+)$/,
    title: 'Payout account',
    render: (id) => <SandboxOnboardingPage key={id} id={id} />,
  },
];

/** Which page an address under /sandbox/ is, and its id; null for none. */
function sandboxPage(rest: string): { title: string; content: ReactNode } | null {
  for (const page of PAGES) {
    const match = page.path.exec(rest.replace(/\/+$/, ''));
    if (match) return { title: page.title, content: page.render(match[1]!) };
  }
  return null;
}

function SandboxApp() {
  const page = sandboxPage(useParams()['*'] ?? '');
  const title = page?.title ?? 'Page not found';
  useEffect(() => {
    document.title = `${title} — TradeNest Sandbox`;
  }, [title]);
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
          {page ? (
            page.content
          ) : (
            <SandboxNotice title="Page not found">
              <p>This sandbox page does not exist.</p>
            </SandboxNotice>
          )}
        </div>
      </main>
    </div>
  );
}

export { SandboxApp as Component };
