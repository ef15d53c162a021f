// @vitest-environment happy-dom
import { HERO_ROTATING_TRADES, ROTATING_WORD_INTERVAL_MS } from '@domain/catalog/catalog';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBetweenTests } from '@/test/render';
import { RotatingWord } from './rotating-word';

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

function currentWord(container: HTMLElement) {
  const current = container.querySelectorAll('[data-current="true"]');
  expect(current).toHaveLength(1);
  return current[0]?.textContent;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  resetBetweenTests();
  vi.useRealTimers();
});

describe('RotatingWord', () => {
  it('cycles through every hero trade every 3000 ms and starts again', () => {
    mockReducedMotion(false);
    const { container } = render(
      <RotatingWord words={HERO_ROTATING_TRADES} intervalMs={ROTATING_WORD_INTERVAL_MS} />,
    );
    const seen = [currentWord(container)];
    for (let step = 1; step <= HERO_ROTATING_TRADES.length; step++) {
      act(() => vi.advanceTimersByTime(2999));
      expect(currentWord(container)).toBe(seen[seen.length - 1]);
      act(() => vi.advanceTimersByTime(1));
      seen.push(currentWord(container));
    }
    // Spelled out rather than read from the catalog, so a change to the hero's words shows here.
    expect(seen.join(' → ')).toBe(
      'Plumber → Electrician → Builder → Decorator → Carpenter → Heating Engineer → Locksmith → Gardener → Plumber',
    );
  });

  it('keeps every word in the layout so the heading never changes size', () => {
    mockReducedMotion(false);
    const { container } = render(
      <RotatingWord words={HERO_ROTATING_TRADES} intervalMs={ROTATING_WORD_INTERVAL_MS} />,
    );
    expect(container.textContent).toBe(HERO_ROTATING_TRADES.join(''));
    expect(container.firstElementChild?.getAttribute('aria-live')).toBe('off');
  });

  it('keeps the first word when the visitor prefers reduced motion', () => {
    mockReducedMotion(true);
    const { container } = render(
      <RotatingWord words={HERO_ROTATING_TRADES} intervalMs={ROTATING_WORD_INTERVAL_MS} />,
    );
    act(() => vi.advanceTimersByTime(ROTATING_WORD_INTERVAL_MS * 3));
    expect(currentWord(container)).toBe('Plumber');
  });
});
