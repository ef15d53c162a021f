import { FlaskConical } from 'lucide-react';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useRouteHandle } from './route-handle';

/**
 * The frame of the sandbox provider's hosted pages. They stand where the payment provider's own pages
 * would, so they are not TradeNest screens: no app navigation, no sign-in, and a plain mark that this
 * is the sandbox.
 */
function SandboxLayout() {
  const handle = useRouteHandle();
  useEffect(() => {
    document.title = `${handle?.title ?? 'Sandbox'} — TradeNest Sandbox`;
  }, [handle]);

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

export { SandboxLayout as Component };
