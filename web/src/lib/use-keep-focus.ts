import { type RefObject, useEffect, useRef } from 'react';

/**
 * When what is on screen changes under the keyboard user (a review is sent, and the Leave Review
 * button that had focus is replaced), focus would fall back to the page's start. This catches it: when
 * `key` changes and nothing has focus, `ref` takes it, so a screen reader reads what took the button's
 * place. Give the element tabIndex={-1}.
 */
export function useKeepFocus(ref: RefObject<HTMLElement | null>, key: unknown) {
  const previous = useRef(key);
  useEffect(() => {
    if (Object.is(previous.current, key)) return;
    previous.current = key;
    const active = document.activeElement;
    if (!active || active === document.body) ref.current?.focus();
  }, [ref, key]);
}
