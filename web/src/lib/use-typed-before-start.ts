import { type RefObject, useEffect } from 'react';

/**
 * Text typed into a server-rendered box before the app took the page over is in the box but not in
 * the component's state: React keeps it through hydration, then the next render would write the
 * state's value over it (what a person typed is never lost). Adopts it once, when the app starts.
 */
export function useTypedBeforeStart(
  box: RefObject<HTMLInputElement | null>,
  value: string,
  adopt: (typed: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount, by design
  useEffect(() => {
    const typed = box.current?.value;
    if (typed && typed !== value) adopt(typed);
  }, []);
}
