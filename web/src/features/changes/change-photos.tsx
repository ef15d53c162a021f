import type { PhotoView } from '@domain/photos/api';

/**
 * A change's photos as thumbnails, each opening its display copy. Width and height are given so the
 * page does not move as they load; the caption is the alt text.
 */
export function ChangePhotos({ photos, label }: { photos: PhotoView[]; label: string }) {
  if (photos.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a
            href={photo.url}
            target="_blank"
            rel="noreferrer"
            className="block overflow-hidden rounded-md border border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <img
              src={photo.thumbUrl}
              width={photo.thumbWidth}
              height={photo.thumbHeight}
              loading="lazy"
              alt={photo.caption ?? `Photo ${index + 1} of ${photos.length}`}
              className="size-20 object-cover sm:size-24"
            />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
