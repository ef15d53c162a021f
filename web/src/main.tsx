import { type ReactNode, StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from '@/app/providers';
import { routes } from '@/app/router';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const router = createBrowserRouter(routes);

const app = (
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);

/**
 * Keeps what a visitor types into the pre-rendered page until the app has replaced it: each named
 * field by its position (both renders have the same fields in the same order), and which one had
 * focus. Returns the function that puts them back, through the native setter and an input event,
 * which is what React's onChange listens to.
 */
function keepPrerenderedFields(target: HTMLElement): () => void {
  const fields = () => [...target.querySelectorAll<HTMLInputElement>('input[name]')];
  const typed = new Map<number, string>();
  fields().forEach((field, index) => {
    if (field.value !== field.defaultValue) typed.set(index, field.value);
  });
  let focused = fields().indexOf(document.activeElement as HTMLInputElement);
  const onInput = (event: Event) => {
    const index = fields().indexOf(event.target as HTMLInputElement);
    if (index >= 0) typed.set(index, (event.target as HTMLInputElement).value);
  };
  const onFocus = (event: Event) => {
    focused = fields().indexOf(event.target as HTMLInputElement);
  };
  target.addEventListener('input', onInput);
  target.addEventListener('focusin', onFocus);
  return () => {
    target.removeEventListener('input', onInput);
    target.removeEventListener('focusin', onFocus);
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const now = fields();
    for (const [index, value] of typed) {
      const field = now[index];
      if (!field || !setValue) continue;
      setValue.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (focused >= 0 && document.activeElement === document.body) now[focused]?.focus();
  };
}

/** Runs `onCommit` once, right after the app's first commit and before the browser paints it. */
function AfterFirstCommit({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first commit only.
  useLayoutEffect(onCommit, []);
  return children;
}

// The landing page may arrive pre-rendered (web/src/prerender.tsx). The app takes over once the
// route's code has loaded (rendering sooner would blank the page for a moment), as a transition so
// that React renders in slices and the page stays responsive, keeping anything typed meanwhile.
if (container.hasChildNodes()) {
  const restoreFields = keepPrerenderedFields(container);
  const takeOver = () => {
    const root = createRoot(container);
    startTransition(() => root.render(<AfterFirstCommit onCommit={restoreFields}>{app}</AfterFirstCommit>));
  };
  if (router.state.initialized) takeOver();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      takeOver();
    });
  }
} else {
  createRoot(container).render(app);
}
