import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { routes } from './app/router';
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
 * What a visitor typed into the pre-rendered page before the app took over: each named field by its
 * position, since both renders have the same fields in the same order. Restored through the native
 * setter and an input event, which is what React's onChange listens to.
 */
function takeOverTypedFields(target: HTMLElement, renderApp: () => void) {
  const fields = () => [...target.querySelectorAll<HTMLInputElement>('input[name]')];
  const typed = fields().map((field) => (field.value !== field.defaultValue ? field.value : null));
  const focused = fields().findIndex((field) => field === document.activeElement);
  renderApp();
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  fields().forEach((field, index) => {
    const value = typed[index];
    if (value == null || !setValue) return;
    setValue.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
  if (focused >= 0) fields()[focused]?.focus();
}

// The landing page may arrive pre-rendered (web/src/prerender.tsx). Rendering before the route's code
// has loaded would blank it for a moment, so the app takes over once the router is ready, in one
// synchronous commit, keeping anything already typed.
if (container.hasChildNodes()) {
  const takeOver = () =>
    takeOverTypedFields(container, () => flushSync(() => createRoot(container).render(app)));
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
