import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useToastOutletWanted } from '@/lib/toast-outlet';

// Toasts are never needed for the first paint: their library loads in its own chunk, with the first
// toast asked for.
const AppToaster = lazy(() => import('./toaster'));

export function Providers({ children }: { children: ReactNode }) {
  // One client per app mount, so tests that mount the app get a fresh cache.
  const toastsWanted = useToastOutletWanted();
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } }),
  );

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
