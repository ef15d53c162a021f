import { hasTag, normaliseTag, PROFILE_LIMITS, PROFILE_MESSAGES } from '@domain/profiles/schemas';
import { X } from 'lucide-react';
import { type KeyboardEvent, type Ref, useId, useRef, useState } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** The profile's two tag lists, as Edit Profile and Business Setup both ask for them. */
const PROFILE_TAG_LISTS = {
  specialties: {
    legend: 'Specialties',
    itemName: 'specialty',
    placeholder: 'e.g. Boiler repair',
    tooManyMessage: PROFILE_MESSAGES.specialtiesTooMany,
    tooLongMessage: PROFILE_MESSAGES.specialtyTooLong,
  },
  serviceAreas: {
    legend: 'Service areas',
    itemName: 'service area',
    placeholder: 'e.g. Salford',
    tooManyMessage: PROFILE_MESSAGES.serviceAreasTooMany,
    tooLongMessage: PROFILE_MESSAGES.serviceAreaTooLong,
  },
} as const;

/** A profile form's specialties or service areas, as a TagListInput bound to the form's field. */
export function ProfileTagsField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: Path<T> & keyof typeof PROFILE_TAG_LISTS;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TagListInput
      ref={field.ref}
      {...PROFILE_TAG_LISTS[name]}
      value={field.value as string[]}
      onChange={field.onChange}
      max={PROFILE_LIMITS.tagsMax}
      maxLength={PROFILE_LIMITS.tagLengthMax}
      error={fieldState.error?.message}
    />
  );
}

type TagListProps = {
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
};

/**
 * A list of short tags (specialties, service areas) typed one at a time: added with Enter or the Add
 * button, trimmed, never twice (whatever the letter case), each removable by its own button. Every
 * change is announced to screen readers, and focus stays on the text field so typing can go on.
 */
export function TagListInput(props: TagListProps) {
  const { legend, itemName, value, max, maxLength, placeholder, error, ref } = props;
  const id = useId();
  const tags = useTagList(props);
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="text-sm leading-none font-medium">{legend}</legend>
      <div className="flex gap-2 pt-2">
        <label htmlFor={`${id}-input`} className="sr-only">
          New {itemName}
        </label>
        <Input
          ref={(element) => {
            tags.inputRef.current = element;
            if (typeof ref === 'function') ref(element);
            else if (ref) ref.current = element;
          }}
          id={`${id}-input`}
          value={tags.draft}
          placeholder={placeholder}
          maxLength={maxLength + 20}
          aria-invalid={tags.problem || error ? true : undefined}
          aria-describedby={[`${id}-hint`, tags.problem && `${id}-problem`, error && `${id}-error`]
            .filter(Boolean)
            .join(' ')}
          onChange={(event) => tags.type(event.target.value)}
          onKeyDown={tags.onKeyDown}
        />
        <Button type="button" variant="outline" onClick={tags.add}>
          Add<span className="sr-only"> {itemName}</span>
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Press Enter or Add after each one. Up to {max}.
      </p>
      <FieldError id={`${id}-problem`} message={tags.problem} />
      <FieldError id={`${id}-error`} message={error} />
      <TagChips legend={legend} tags={value} onRemove={tags.remove} />
      <p aria-live="polite" className="sr-only">
        {tags.announcement}
      </p>
    </fieldset>
  );
}

/** The text being typed, the last refusal, what was last announced, and adding and removing tags. */
function useTagList({ value, onChange, max, maxLength, tooManyMessage, tooLongMessage }: TagListProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);
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

  const type = (text: string) => {
    setDraft(text);
    if (problem) setProblem(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the tag instead of submitting the form; not while an IME is composing a word.
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      add();
    }
  };

  return { inputRef, draft, problem, announcement, add, remove, type, onKeyDown };
}

/** The tags added so far, each with its own Remove button. */
function TagChips({
  legend,
  tags,
  onRemove,
}: {
  legend: string;
  tags: string[];
  onRemove: (tag: string) => void;
}) {
  if (tags.length === 0) return <p className="text-sm text-muted-foreground">None added yet.</p>;
  return (
    <ul aria-label={legend} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li
          key={tag}
          className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-muted py-1 pr-1 pl-3 text-sm"
        >
          <span className="truncate">{tag}</span>
          <button
            type="button"
            aria-label={`Remove ${tag}`}
            onClick={() => onRemove(tag)}
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
  );
}
