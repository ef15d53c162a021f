import type { PhotoView } from '@domain/photos/api';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

const altOf = (photo: PhotoView, index: number, count: number) =>
  photo.caption ?? `Photo ${index + 1} of ${count}`;

// A horizontal move of at least this many pixels is a swipe to the next or previous photo.
const SWIPE_PX = 40;

/**
 * One photo at a time, large, with its caption: arrow keys and swipes move between them, Escape
 * closes, focus stays inside (the dialog traps it) and returns to the thumbnail that opened it.
 * "Photo 2 of 5" is announced as it changes. Loaded the first time a thumbnail is opened (or the pointer
 * comes near one, or one gets the focus): the dialog library is most of its code.
 */
export default function PhotoViewer({
  photos,
  index,
  onIndex,
  onClose,
}: {
  photos: readonly PhotoView[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const photo = photos[index]!;
  const count = photos.length;
  const go = (by: -1 | 1) => onIndex((index + by + count) % count);
  const swipeFrom = useRef<number | null>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) return;
    const moved = event.clientX - from;
    if (Math.abs(moved) >= SWIPE_PX) go(moved < 0 ? 1 : -1);
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-4xl gap-3 p-4 sm:p-6" onKeyDown={onKeyDown}>
        <DialogTitle>{photo.caption ?? 'Photo'}</DialogTitle>
        <DialogDescription aria-live="polite" aria-atomic="true">
          Photo {index + 1} of {count}
        </DialogDescription>
        <figure
          className="flex touch-pan-y items-center justify-center overflow-hidden rounded-md bg-muted select-none"
          onPointerDown={(event) => {
            swipeFrom.current = event.clientX;
          }}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            swipeFrom.current = null;
          }}
        >
          <img
            key={photo.id}
            src={photo.url}
            width={photo.width}
            height={photo.height}
            alt={altOf(photo, index, count)}
            draggable={false}
            className="h-auto max-h-[70dvh] w-auto max-w-full object-contain"
          />
        </figure>
        {count > 1 && (
          <div className="flex justify-between gap-2">
            <Button type="button" variant="outline" onClick={() => go(-1)}>
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <Button type="button" variant="outline" onClick={() => go(1)}>
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
