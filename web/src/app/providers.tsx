import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useToastOutletWanted } from '@/lib/toast-outlet';

// Toasts are never needed for the first paint: their library loads in its own chunk, with the first
// toast asked for.
const AppToaster = lazy(() => import('./toaster'));

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } });
}

/**
 * The app's providers. `client` is the cache a server render filled (web/src/server-render.tsx) or the
 * browser's copy of it; without one, each mount gets a fresh cache, so tests that mount the app do.
 */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const toastsWanted = useToastOutletWanted();
  const [queryClient] = useState(() => client ?? createQueryClient());

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {toastsWanted && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
