import { type RefObject, useRef, useState } from 'react';

/** What a dialog loaded by `useLazyDialog` is given: it is controlled, and has no trigger of its own. */
export interface LazyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it, where the focus goes back when it closes (FormDialog's returnFocusTo). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/**
 * A dialog a page only offers, whose code loads the first time it is opened (decision 0036): the page
 * renders the button with `button`, and the lazy dialog with `dialog` once `wanted`. Loading starts as
 * the pointer comes near the button or it gets the focus, so the dialog usually opens at once. From the
 * first open on the dialog stays mounted.
 */
export function useLazyDialog(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const returnFocusTo = useRef<HTMLButtonElement>(null);
  const preload = () => {
    void load();
  };
  return {
    wanted,
    button: {
      ref: returnFocusTo,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => {
        setWanted(true);
        setOpen(true);
      },
    },
    dialog: { open, onOpenChange: setOpen, returnFocusTo } satisfies LazyDialogProps,
  };
}
