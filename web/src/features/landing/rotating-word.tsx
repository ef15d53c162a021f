import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '@/lib/use-prefers-reduced-motion';
import { cn } from '@/lib/utils';

type RotatingWordProps = { words: readonly string[]; intervalMs: number; className?: string };

/**
 * Shows one word at a time, moving to the next every `intervalMs`.
 *
 * Every word sits in the same grid cell, so the box is always as wide and tall as the longest word
 * and the text around it never moves. The words are decoration: the heading that holds them gives
 * screen readers a stable text instead, and aria-live="off" keeps the changes unannounced.
 * With prefers-reduced-motion the first word stays put: a word that keeps changing is motion too.
 */
export function RotatingWord({ words, intervalMs, className }: RotatingWordProps) {
  const reducedMotion = usePrefersReducedMotion();
  const [changes, setChanges] = useState(0);

  useEffect(() => {
    if (reducedMotion || words.length < 2) return;
    const timer = setInterval(() => setChanges((count) => count + 1), intervalMs);
    return () => clearInterval(timer);
  }, [reducedMotion, words.length, intervalMs]);

  const current = reducedMotion ? 0 : changes % words.length;
  // The first word is simply there on arrival; only later changes move in.
  const animate = changes > 0 && !reducedMotion;
  return (
    <span aria-live="off" className={cn('inline-grid justify-items-center', className)}>
      {words.map((word, position) => (
        <span
          key={word}
          data-current={position === current}
          className={cn(
            'col-start-1 row-start-1',
            position !== current && 'invisible',
            position === current && animate && 'animate-word-in',
          )}
        >
          {word}
        </span>
      ))}
    </span>
  );
}
