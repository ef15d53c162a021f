import type { PhotoView } from '@domain/photos/api';
import { type ComponentProps, type ComponentType, useId, useRef, useState } from 'react';
import { preloadDialog, whenDialogLoaded } from '@/lib/use-lazy-dialog';
import type PhotoViewer from './photo-viewer';

// The viewer's code (and the dialog library's) loads as the pointer comes near a thumbnail or one gets
// the focus, and a press opens it once it is there (decision 0036).
const loadViewer = () => import('./photo-viewer');
const preloadViewer = () => preloadDialog(loadViewer);

/**
 * A job's (or change's) photos: thumbnails, lazy-loaded in boxes of a fixed size (nothing shifts as
 * they arrive), each opening the viewer at that photo. Nothing is shown when there are none.
 */
export function PhotoGallery({
  photos,
  title = 'Photos',
  headingLevel = 2,
}: {
  photos: readonly PhotoView[];
  title?: string;
  /** A job's gallery is a section of its page (h2); a change's sits under the change's own heading. */
  headingLevel?: 2 | 3 | 4 | 5;
}) {
  const titleId = useId();
  const [open, setOpen] = useState<number | null>(null);
  const [Viewer, setViewer] = useState<ComponentType<ComponentProps<typeof PhotoViewer>> | null>(null);
  const openers = useRef<(HTMLButtonElement | null)[]>([]);
  const openedFrom = useRef(0);
  if (photos.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  // Focus goes back to the thumbnail that opened the viewer, wherever the viewer was moved to.
  const close = () => {
    setOpen(null);
    requestAnimationFrame(() => openers.current[openedFrom.current]?.focus());
  };
  return (
    <section aria-labelledby={titleId}>
      <Heading id={titleId} className="mb-2 text-base font-semibold">
        {title}
      </Heading>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <button
              ref={(element) => {
                openers.current[index] = element;
              }}
              type="button"
              onPointerEnter={preloadViewer}
              onFocus={preloadViewer}
              onClick={() => {
                openedFrom.current = index;
                whenDialogLoaded(loadViewer, (viewer) => {
                  setViewer(() => viewer);
                  setOpen(index);
                });
              }}
              className="block aspect-square w-full overflow-hidden rounded-md bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              aria-label={`Open photo ${index + 1} of ${photos.length}${photo.caption ? `: ${photo.caption}` : ''}`}
            >
              <img
                src={photo.thumbUrl}
                width={photo.thumbWidth}
                height={photo.thumbHeight}
                loading="lazy"
                decoding="async"
                alt=""
                className="size-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && Viewer && <Viewer photos={photos} index={open} onIndex={setOpen} onClose={close} />}
    </section>
  );
}
