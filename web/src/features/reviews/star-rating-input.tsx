import { Star } from 'lucide-react';
import {
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { cn } from '@/lib/utils';
import { starsLabel } from './format';

const STARS = [1, 2, 3, 4, 5] as const;

export type StarRatingHandle = { focus: () => void };

/**
 * 1 to 5 stars as a real radio group: five native radios under one legend, each read as '4 stars',
 * drawn as stars (the radio itself is visually hidden; its label shows the focus ring). One Tab stop;
 * the arrow keys move the choice as in any radio group (Right and Down add a star, Left and Up take
 * one away, wrapping round), Home and End choose 1 and 5. The keys are handled here rather than left
 * to the browser, so that with nothing chosen yet Right gives 1 star, not 2. Hovering previews.
 */
export function StarRatingInput({
  legend,
  value,
  onChange,
  describedBy,
  ref,
}: {
  legend: ReactNode;
  value: number | null;
  onChange: (stars: number) => void;
  describedBy?: string;
  ref?: Ref<StarRatingHandle>;
}) {
  const name = useId();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;

  useImperativeHandle(ref, () => ({ focus: () => inputs.current[(value ?? 1) - 1]?.focus() }), [value]);

  const choose = (stars: number) => {
    onChange(stars);
    inputs.current[stars - 1]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const current = value ?? 0;
    let next: number | null = null;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = current >= 5 ? 1 : current + 1;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = current <= 1 ? 5 : current - 1;
    else if (event.key === 'Home') next = 1;
    else if (event.key === 'End') next = 5;
    if (next === null) return;
    event.preventDefault();
    choose(next);
  };

  return (
    <fieldset aria-describedby={describedBy} className="space-y-2">
      <legend className="text-sm leading-none font-medium">{legend}</legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the hover preview only; the radios take the input */}
        <div className="flex" onMouseLeave={() => setHovered(null)}>
          {STARS.map((stars) => (
            <label
              key={stars}
              onMouseEnter={() => setHovered(stars)}
              className="flex size-11 cursor-pointer items-center justify-center rounded-md transition-transform hover:scale-110 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring motion-reduce:transition-none motion-reduce:hover:scale-100"
            >
              <input
                ref={(element) => {
                  inputs.current[stars - 1] = element;
                }}
                type="radio"
                name={name}
                value={stars}
                checked={value === stars}
                required
                onChange={() => onChange(stars)}
                onKeyDown={onKeyDown}
                className="sr-only"
              />
              <Star
                aria-hidden="true"
                className={cn(
                  'size-8',
                  stars <= shown
                    ? 'fill-amber-400 text-amber-500 dark:text-amber-400'
                    : 'text-muted-foreground',
                )}
              />
              <span className="sr-only">{starsLabel(stars)}</span>
            </label>
          ))}
        </div>
        {/* The sighted reader's echo of the choice; the radios already say it to a screen reader. */}
        <span aria-hidden="true" className="min-w-16 text-sm font-medium text-muted-foreground">
          {shown ? starsLabel(shown) : ''}
        </span>
      </div>
    </fieldset>
  );
}
