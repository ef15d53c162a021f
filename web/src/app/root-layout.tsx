import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { BottomNav } from '@/components/layout/bottom-nav';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { useStoredUserType } from '@/lib/session';
import { cn } from '@/lib/utils';
import { documentTitleFor, useRouteHandle } from './route-handle';

export function RootLayout() {
  const userType = useStoredUserType();
  const handle = useRouteHandle();

  useEffect(() => {
    document.title = documentTitleFor(handle);
  }, [handle]);

  return (
    // The fixed bottom navigation would cover the footer without room reserved for it.
    <div className={cn('flex min-h-dvh flex-col', userType && 'pb-16')}>
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to main content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      {userType && <BottomNav userType={userType} />}
      <ScrollRestoration />
    </div>
  );
}
