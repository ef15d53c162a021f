import { type ComponentType, type RefObject, useRef, useState } from 'react';
import { showError } from '@/lib/toast';

/** What a dialog loaded by `useLazyDialog` is given: it is controlled, and has no trigger of its own. */
export interface LazyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it, where the focus goes back when it closes (FormDialog's returnFocusTo). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** Said when a dialog's code could not be downloaded (twice): the page stays as it was. */
export const DIALOG_NOT_LOADED = 'This could not be opened. Check your connection, then try again.';

type DialogModule<P> = { default: ComponentType<P> };
type Load<P> = () => Promise<DialogModule<P>>;

/** Dialogs whose code has arrived, and downloads under way, by their module's loader. */
const loaded = new WeakMap<Load<never>, ComponentType<never>>();
const loading = new WeakMap<Load<never>, Promise<ComponentType<never>>>();

/**
 * The dialog's component, downloaded once for every button that offers it. A failed download is tried
 * once more (a dropped packet), and a press after two failures tries again: unlike `React.lazy`, which
 * keeps a failed import for good and throws it to the page's error screen, losing the page.
 */
function fetchDialog<P>(load: Load<P>): Promise<ComponentType<P>> {
  const key = load as Load<never>;
  const done = loaded.get(key) as ComponentType<P> | undefined;
  if (done) return Promise.resolve(done);
  let pending = loading.get(key) as Promise<ComponentType<P>> | undefined;
  if (!pending) {
    pending = load()
      .catch(() => load())
      .then((module) => {
        loaded.set(key, module.default as ComponentType<never>);
        return module.default;
      })
      .finally(() => loading.delete(key));
    loading.set(key, pending as Promise<ComponentType<never>>);
  }
  return pending;
}

/** Starts downloading the dialog's code; a failure is told only if the dialog is then asked for. */
export function preloadDialog<P>(load: Load<P>): void {
  fetchDialog(load).catch(() => {});
}

/** Gives `open` the dialog once its code is there, or says that it could not be downloaded. */
export function whenDialogLoaded<P>(load: Load<P>, open: (component: ComponentType<P>) => void): void {
  fetchDialog(load).then(open, () => void showError('Error', DIALOG_NOT_LOADED));
}

/**
 * A dialog a page only offers, whose code loads the first time it is wanted (decision 0036): the page
 * renders the button with `button`, and `Dialog` with `dialog` once it is there. Loading starts as the
 * pointer comes near the button or it gets the focus, so the dialog usually opens at once; a press
 * opens it as soon as its code has arrived, or says that it could not be fetched. From the first open
 * on the dialog stays mounted.
 */
export function useLazyDialog<P extends LazyDialogProps>(load: Load<P>) {
  const [open, setOpen] = useState(false);
  const [Dialog, setDialog] = useState<ComponentType<P> | null>(null);
  const returnFocusTo = useRef<HTMLButtonElement>(null);
  const preload = () => preloadDialog(load);
  return {
    /** The dialog, once its code has arrived and it was first asked for; null before. */
    Dialog,
    button: {
      ref: returnFocusTo,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () =>
        whenDialogLoaded(load, (component) => {
          setDialog(() => component);
          setOpen(true);
        }),
    },
    dialog: { open, onOpenChange: setOpen, returnFocusTo } satisfies LazyDialogProps,
  };
}
