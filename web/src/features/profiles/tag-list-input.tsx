import { hasTag, normaliseTag, PROFILE_MESSAGES } from '@domain/profiles/schemas';
import { X } from 'lucide-react';
import { type KeyboardEvent, type Ref, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/**
 * A list of short tags (specialties, service areas) typed one at a time: added with Enter or the Add
 * button, trimmed, never twice (whatever the letter case), each removable by its own button. Every
 * change is announced to screen readers, and focus stays on the text field so typing can go on.
 */
export function TagListInput({
  legend,
  itemName,
  value,
  onChange,
  max,
  maxLength,
  tooManyMessage,
  tooLongMessage,
  placeholder,
  error,
  ref,
}: {
  legend: string;
  /** One tag, as a sentence calls it: 'specialty', 'service area'. */
  itemName: string;
  value: string[];
  onChange: (tags: string[]) => void;
  max: number;
  maxLength: number;
  tooManyMessage: string;
  tooLongMessage: string;
  placeholder?: string;
  /** A message about the list from the form (the schema or the server), shown under the field. */
  error?: string;
  /** The text field, for the form to focus when the list is the first thing to fix. */
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const add = () => {
    const tag = normaliseTag(draft);
    if (tag === '') return;
    const refusal = hasTag(value, tag)
      ? PROFILE_MESSAGES.tagDuplicate
      : tag.length > maxLength
        ? tooLongMessage
        : value.length >= max
          ? tooManyMessage
          : null;
    setProblem(refusal);
    if (refusal) {
      setAnnouncement(refusal);
      return;
    }
    onChange([...value, tag]);
    setDraft('');
    setAnnouncement(`Added ${tag}.`);
  };

  const remove = (tag: string) => {
    onChange(value.filter((t) => t !== tag));
    setProblem(null);
    setAnnouncement(`Removed ${tag}.`);
    // The removed tag's button is gone; the text field is the natural place to carry on from.
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the tag instead of submitting the form; not while an IME is composing a word.
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      add();
    }
  };

  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="text-sm leading-none font-medium">{legend}</legend>
      <div className="flex gap-2 pt-2">
        <label htmlFor={`${id}-input`} className="sr-only">
          New {itemName}
        </label>
        <Input
          ref={(element) => {
            inputRef.current = element;
            if (typeof ref === 'function') ref(element);
            else if (ref) ref.current = element;
          }}
          id={`${id}-input`}
          value={draft}
          placeholder={placeholder}
          maxLength={maxLength + 20}
          aria-invalid={problem || error ? true : undefined}
          aria-describedby={[`${id}-hint`, problem && `${id}-problem`, error && `${id}-error`]
            .filter(Boolean)
            .join(' ')}
          onChange={(event) => {
            setDraft(event.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="outline" onClick={add}>
          Add<span className="sr-only"> {itemName}</span>
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Press Enter or Add after each one. Up to {max}.
      </p>
      <FieldError id={`${id}-problem`} message={problem} />
      <FieldError id={`${id}-error`} message={error} />
      {value.length > 0 ? (
        <ul aria-label={legend} className="flex flex-wrap gap-2">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-muted py-1 pr-1 pl-3 text-sm"
            >
              <span className="truncate">{tag}</span>
              <button
                type="button"
                aria-label={`Remove ${tag}`}
                onClick={() => remove(tag)}
                className={cn(
                  'inline-flex size-6 shrink-0 items-center justify-center rounded-full text-muted-foreground',
                  'hover:bg-background hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
                )}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">None added yet.</p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
