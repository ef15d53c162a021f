import { PHOTO_ACCEPT, PHOTO_LIMITS } from '@domain/photos/rules';
import { ArrowLeft, ArrowRight, Camera, ImageIcon, ImagePlus, Trash2 } from 'lucide-react';
import { type DragEvent, type ReactNode, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import type { PhotoItem, PhotoList } from './use-photo-list';

/**
 * Photos on a form: pick (or take, on a phone, or drop, on a desktop) up to 8; each uploads at once
 * with its own progress bar and its own error; reorder with the arrow buttons, remove, and give each
 * a caption, which is also its alt text. `id` prefixes the ids inside, one picker per page.
 */
export function PhotoPicker({ list, id, label = 'Photos' }: { list: PhotoList; id: string; label?: string }) {
  const choose = useRef<HTMLInputElement>(null);
  const take = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const full = list.items.filter((i) => i.status !== 'failed').length >= PHOTO_LIMITS.maxPerJob;

  const onFiles = (files: FileList | null) => {
    if (files && files.length > 0) list.add(Array.from(files));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onFiles(event.dataTransfer.files);
  };

  return (
    <fieldset className="space-y-3" aria-describedby={`${id}-hint`}>
      <legend className="text-sm leading-none font-medium">{label} (optional)</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Up to {PHOTO_LIMITS.maxPerJob} photos: JPEG, PNG, HEIC or WebP, 10 MB each. Captions describe each
        photo to people who cannot see it.
      </p>
      {/* Drop target on a desktop; the buttons do the same for a keyboard and on a phone. */}
      <section
        aria-label="Add photos"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-stretch gap-2 rounded-lg border border-dashed border-border p-4 sm:flex-row sm:items-center',
          dragging && 'border-primary bg-primary/5',
        )}
      >
        <Button type="button" variant="outline" disabled={full} onClick={() => choose.current?.click()}>
          <ImagePlus aria-hidden="true" />
          Add photos
        </Button>
        <Button type="button" variant="outline" disabled={full} onClick={() => take.current?.click()}>
          <Camera aria-hidden="true" />
          Take a photo
        </Button>
        <span className="hidden text-sm text-muted-foreground sm:inline">or drop them here</span>
        <input
          ref={choose}
          type="file"
          accept={PHOTO_ACCEPT}
          multiple
          hidden
          aria-label="Choose photos"
          data-testid={`${id}-input`}
          onChange={(event) => {
            onFiles(event.target.files);
            event.target.value = '';
          }}
        />
        <input
          ref={take}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          aria-label="Take a photo"
          onChange={(event) => {
            onFiles(event.target.files);
            event.target.value = '';
          }}
        />
      </section>
      <div aria-live="polite">
        <FieldError id={`${id}-notice`} message={list.notice} />
      </div>
      {list.items.length > 0 && (
        <ol className="grid gap-3 sm:grid-cols-2" aria-label={`${label} in the order they will be shown`}>
          {list.items.map((item, index) => (
            <PhotoRow
              key={item.key}
              item={item}
              index={index}
              count={list.items.length}
              id={`${id}-${item.key}`}
              list={list}
            />
          ))}
        </ol>
      )}
    </fieldset>
  );
}

function PhotoRow({
  item,
  index,
  count,
  id,
  list,
}: {
  item: PhotoItem;
  index: number;
  count: number;
  id: string;
  list: PhotoList;
}) {
  const n = index + 1;
  return (
    <li className="flex gap-3 rounded-lg border border-border p-3">
      {/* A fixed box: the thumbnail arriving moves nothing. */}
      <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted">
        {item.photo ? (
          <img
            src={item.photo.thumbUrl}
            width={item.photo.thumbWidth}
            height={item.photo.thumbHeight}
            alt=""
            className="size-full object-cover"
          />
        ) : (
          <ImageIcon className="size-6 text-muted-foreground" aria-hidden="true" />
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <p className="truncate text-sm font-medium">
          Photo {n}
          {item.name && !item.photo && (
            <span className="font-normal text-muted-foreground"> · {item.name}</span>
          )}
        </p>
        {item.status === 'uploading' && (
          <progress
            className="h-2 w-full accent-primary"
            max={100}
            value={Math.round(item.progress * 100)}
            aria-label={`Uploading photo ${n}`}
          />
        )}
        <div aria-live="polite">
          <FieldError id={`${id}-error`} message={item.error} />
        </div>
        {item.status !== 'failed' && (
          <div className="space-y-1">
            <label htmlFor={`${id}-caption`} className="text-xs text-muted-foreground">
              Caption for photo {n}
            </label>
            <Input
              id={`${id}-caption`}
              value={item.caption}
              maxLength={PHOTO_LIMITS.captionMax}
              placeholder="e.g. The leak under the sink"
              onChange={(event) => list.setCaption(item.key, event.target.value)}
            />
          </div>
        )}
        <div className="flex gap-1">
          <MoveButton
            id={`${id}-earlier`}
            label={`Move photo ${n} earlier`}
            edge={index === 0}
            onClick={() => list.move(item.key, -1)}
          >
            <ArrowLeft aria-hidden="true" />
          </MoveButton>
          <MoveButton
            id={`${id}-later`}
            label={`Move photo ${n} later`}
            edge={index === count - 1}
            onClick={() => list.move(item.key, 1)}
          >
            <ArrowRight aria-hidden="true" />
          </MoveButton>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remove photo ${n}`}
            onClick={() => list.remove(item.key)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
    </li>
  );
}

// At an edge the button stays focusable (aria-disabled, not disabled), and after a move focus is put
// back on it: the browser drops focus from an element React moves in the list.
function MoveButton({
  id,
  label,
  edge,
  onClick,
  children,
}: {
  id: string;
  label: string;
  edge: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      id={id}
      type="button"
      variant="ghost"
      size="icon"
      aria-label={label}
      aria-disabled={edge}
      className={cn(edge && 'opacity-50')}
      onClick={() => {
        if (edge) return;
        onClick();
        requestAnimationFrame(() => document.getElementById(id)?.focus());
      }}
    >
      {children}
    </Button>
  );
}
