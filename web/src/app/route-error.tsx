import { useEffect } from 'react';

/**
 * The router's errorElement. It stands alone (no header or footer) because the error may have come
 * from the layout itself, and it links home with a full page load to start from a clean state.
 */
export function RouteError() {
  useEffect(() => {
    document.title = 'Error — TradeNest';
  }, []);

  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-4 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Unexpected Application Error!</h1>
      <p className="mt-4 text-muted-foreground">
        Something went wrong while showing this page. Please try again from the home page.
      </p>
      <a
        href="/"
        className="mt-8 inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90"
      >
        Go to the home page
      </a>
    </main>
  );
}
