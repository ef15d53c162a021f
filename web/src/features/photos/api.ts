// Server calls for photos (docs/api/photos.md).
import type { PhotoResponse, PhotoView } from '@domain/photos/api';
import { PHOTO_MESSAGES } from '@domain/photos/rules';
import { ApiError, apiFetch, toApiError } from '@/lib/api';

/**
 * Uploads one photo. XMLHttpRequest rather than fetch: only it reports how much of the body has
 * been sent, which the per-photo progress bar shows. Aborting rejects with an AbortError.
 */
export function uploadPhoto(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<PhotoView> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/photos');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve((body as PhotoResponse).photo);
      else reject(toApiError(xhr.status, body));
    });
    xhr.addEventListener('error', () =>
      reject(new ApiError('NETWORK_ERROR', PHOTO_MESSAGES.uploadFailed, 0)),
    );
    xhr.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/** Removes a photo uploaded but not attached yet (one taken off a form before it was sent). */
export const removePendingPhoto = (id: string) =>
  apiFetch<void>(`/photos/${encodeURIComponent(id)}`, { method: 'DELETE' });
