import type { AttachedPhoto, PhotoView } from '@domain/photos/api';
import { PHOTO_LIMITS, PHOTO_MESSAGES, PHOTO_TYPES } from '@domain/photos/rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api';
import { removePendingPhoto, uploadPhoto } from './api';

/** One photo on a form: uploading, uploaded (ready to attach), or refused with the server's words. */
export interface PhotoItem {
  key: string;
  /** The file's name, shown while there is no thumbnail yet. */
  name: string;
  status: 'uploading' | 'ready' | 'failed';
  /** 0 to 1, while uploading. */
  progress: number;
  photo: PhotoView | null;
  caption: string;
  error: string | null;
  /** Already attached to the job being edited: removing it from the list is saving without it. */
  attached: boolean;
}

const HEIF_NAME = /\.hei[cf]$/i;

/** The refusal the server would give, when the browser can tell already (size, declared type). */
function refusalOf(file: File): string | null {
  if (file.size > PHOTO_LIMITS.maxBytes) return PHOTO_MESSAGES.tooBig;
  // Phones' HEIC files often arrive with no type at all; the server decides from the bytes.
  const typed = (PHOTO_TYPES as readonly string[]).includes(file.type);
  if (!typed && !HEIF_NAME.test(file.name) && file.type !== '') return PHOTO_MESSAGES.type;
  return null;
}

let nextKey = 0;
const newKey = () => `photo-${++nextKey}`;

const fromAttached = (photo: PhotoView): PhotoItem => ({
  key: photo.id,
  name: photo.caption ?? '',
  status: 'ready',
  progress: 1,
  photo,
  caption: photo.caption ?? '',
  error: null,
  attached: true,
});

export interface PhotoList {
  items: PhotoItem[];
  /** A refusal about the list rather than one photo (the ninth). */
  notice: string | null;
  /** Photos on their way: the form must wait for them. */
  uploading: boolean;
  add(files: Iterable<File>): void;
  remove(key: string): void;
  move(key: string, by: -1 | 1): void;
  setCaption(key: string, caption: string): void;
  /** The uploaded photos in order with their captions, as a job or change names them. */
  attachments(): AttachedPhoto[];
  /** Empties the list once its photos are attached (they stay on the server with what they joined). */
  clear(): void;
}

/**
 * The photos of a form (Post a Job, editing a job, proposing a change): each uploads as soon as it is
 * picked, with its own progress and its own error, so nothing else on the form waits or is lost. At
 * most 8 count (uploading or uploaded); the ninth is refused here with the server's words.
 */
export function usePhotoList(initial: readonly PhotoView[] = []): PhotoList {
  const [items, setItems] = useState<PhotoItem[]>(() => initial.map(fromAttached));
  const [notice, setNotice] = useState<string | null>(null);
  const uploads = useRef(new Map<string, AbortController>());
  const counted = useRef(items.filter((i) => i.status !== 'failed').length);

  useEffect(() => {
    counted.current = items.filter((i) => i.status !== 'failed').length;
  }, [items]);
  // A form left mid-upload: the uploads stop; what already arrived is removed by the server later.
  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const update = useCallback((key: string, change: Partial<PhotoItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (key: string, file: File) => {
      const controller = new AbortController();
      uploads.current.set(key, controller);
      uploadPhoto(file, (progress) => update(key, { progress }), controller.signal)
        .then((photo) => update(key, { status: 'ready', progress: 1, photo }))
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          update(key, { status: 'failed', error: errorMessage(error, PHOTO_MESSAGES.uploadFailed) });
        })
        .finally(() => uploads.current.delete(key));
    },
    [update],
  );

  const add = useCallback(
    (files: Iterable<File>) => {
      const added: PhotoItem[] = [];
      let refused = false;
      for (const file of files) {
        if (counted.current >= PHOTO_LIMITS.maxPerJob) {
          refused = true;
          break;
        }
        const error = refusalOf(file);
        const item: PhotoItem = {
          key: newKey(),
          name: file.name,
          status: error ? 'failed' : 'uploading',
          progress: 0,
          photo: null,
          caption: '',
          error,
          attached: false,
        };
        added.push(item);
        if (!error) {
          counted.current += 1;
          start(item.key, file);
        }
      }
      setNotice(refused ? PHOTO_MESSAGES.tooMany : null);
      if (added.length > 0) setItems((list) => [...list, ...added]);
    },
    [start],
  );

  const remove = useCallback(
    (key: string) => {
      setNotice(null);
      uploads.current.get(key)?.abort();
      const item = items.find((i) => i.key === key);
      // An upload nobody will attach is removed now rather than left for the server's cleanup.
      if (item?.photo && !item.attached) void removePendingPhoto(item.photo.id).catch(() => {});
      setItems((list) => list.filter((i) => i.key !== key));
    },
    [items],
  );

  const move = useCallback((key: string, by: -1 | 1) => {
    setItems((list) => {
      const from = list.findIndex((i) => i.key === key);
      const to = from + by;
      if (from < 0 || to < 0 || to >= list.length) return list;
      const next = [...list];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return next;
    });
  }, []);

  const setCaption = useCallback((key: string, caption: string) => update(key, { caption }), [update]);

  const clear = useCallback(() => {
    setNotice(null);
    counted.current = 0;
    setItems([]);
  }, []);

  return {
    items,
    notice,
    uploading: items.some((i) => i.status === 'uploading'),
    add,
    remove,
    move,
    setCaption,
    attachments: () =>
      items.flatMap((i) => (i.status === 'ready' && i.photo ? [{ id: i.photo.id, caption: i.caption }] : [])),
    clear,
  };
}
