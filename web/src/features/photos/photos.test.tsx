// @vitest-environment happy-dom
import type { PhotoView } from '@domain/photos/api';
import { PHOTO_MESSAGES } from '@domain/photos/rules';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { seriousAxeViolations } from '@/test/axe';
import { removePendingPhoto, uploadPhoto } from './api';
import { PhotoGallery } from './photo-gallery';
import { PhotoPicker } from './photo-picker';
import { type PhotoList, usePhotoList } from './use-photo-list';

vi.mock('./api', () => ({ uploadPhoto: vi.fn(), removePendingPhoto: vi.fn(() => Promise.resolve()) }));

const photoView = (n: number, caption: string | null = null): PhotoView => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  caption,
  url: `/api/v1/photos/${n}/display`,
  width: 1600,
  height: 1200,
  thumbUrl: `/api/v1/photos/${n}/thumb`,
  thumbWidth: 400,
  thumbHeight: 300,
  createdAt: '2026-11-20T10:00:00.000Z',
});

const file = (name: string, size = 1000, type = 'image/jpeg') => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

/** Each upload waits until the test settles it, reporting progress meanwhile. */
type Pending = {
  progress: (fraction: number) => void;
  resolve: (photo: PhotoView) => void;
  reject: (error: unknown) => void;
};
let pending: Pending[] = [];

let current: PhotoList | undefined;
function Harness({ initial = [] }: { initial?: PhotoView[] }) {
  const list = usePhotoList(initial);
  current = list;
  return <PhotoPicker list={list} id="test-photos" />;
}

const pick = (...files: File[]) =>
  act(() => {
    fireEvent.change(screen.getByTestId('test-photos-input'), { target: { files } });
  });

beforeEach(() => {
  pending = [];
  vi.mocked(uploadPhoto).mockImplementation(
    (_file, onProgress) =>
      new Promise((resolve, reject) => {
        pending.push({ progress: onProgress, resolve, reject });
      }),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  current = undefined;
});

describe('the photo picker', () => {
  it('uploads each photo at once with its own progress bar, then offers its caption', async () => {
    render(<Harness />);
    await pick(file('sink.jpg'), file('pipe.jpg'));
    expect(uploadPhoto).toHaveBeenCalledTimes(2);
    act(() => pending[0]!.progress(0.5));
    const first = screen.getByRole('progressbar', { name: 'Uploading photo 1' }) as HTMLProgressElement;
    expect(first.value).toBe(50);
    expect(screen.getByRole('progressbar', { name: 'Uploading photo 2' })).toBeTruthy();
    expect(current!.uploading).toBe(true);

    await act(async () => pending[0]!.resolve(photoView(1)));
    expect(screen.queryByRole('progressbar', { name: 'Uploading photo 1' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Caption for photo 1'), { target: { value: 'The leak' } });
    await act(async () => pending[1]!.resolve(photoView(2)));
    expect(current!.uploading).toBe(false);
    expect(current!.attachments()).toEqual([
      { id: photoView(1).id, caption: 'The leak' },
      { id: photoView(2).id, caption: '' },
    ]);
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('moves a photo with its buttons, and keeps the order it will be shown in', async () => {
    render(<Harness initial={[photoView(1), photoView(2), photoView(3)]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Move photo 3 earlier' }));
    expect(current!.attachments().map((p) => p.id)).toEqual([
      photoView(1).id,
      photoView(3).id,
      photoView(2).id,
    ]);
    // At the start: nothing moves, and the button is still there for the keyboard.
    const first = screen.getByRole('button', { name: 'Move photo 1 earlier' });
    expect(first.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(first);
    expect(current!.attachments()[0]!.id).toBe(photoView(1).id);
  });

  it("shows the server's refusal beside that photo alone, and leaves it out of what is sent", async () => {
    render(<Harness />);
    await pick(file('notes.jpg'), file('tap.jpg'));
    await act(async () => pending[0]!.reject(new ApiError('validation_error', PHOTO_MESSAGES.type, 400)));
    await act(async () => pending[1]!.resolve(photoView(2)));
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[0]!).getByText(PHOTO_MESSAGES.type)).toBeTruthy();
    expect(within(rows[1]!).queryByText(PHOTO_MESSAGES.type)).toBeNull();
    expect(current!.attachments().map((p) => p.id)).toEqual([photoView(2).id]);
  });

  it('refuses the ninth photo with the same words as the server, uploading only eight', async () => {
    render(<Harness />);
    await pick(...Array.from({ length: 9 }, (_, i) => file(`p${i}.jpg`)));
    expect(uploadPhoto).toHaveBeenCalledTimes(8);
    expect(screen.getByText(PHOTO_MESSAGES.tooMany)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add photos' })).toHaveProperty('disabled', true);
  });

  it('refuses a photo over 10 MB or of another type without sending it', async () => {
    render(<Harness />);
    await pick(file('huge.jpg', 10 * 1024 * 1024 + 1), file('notes.txt', 100, 'text/plain'));
    expect(uploadPhoto).not.toHaveBeenCalled();
    expect(screen.getByText(PHOTO_MESSAGES.tooBig)).toBeTruthy();
    expect(screen.getByText(PHOTO_MESSAGES.type)).toBeTruthy();
    // A HEIC file with no declared type (as phones often send) goes to the server, which decides.
    await pick(file('IMG_0001.HEIC', 1000, ''));
    expect(uploadPhoto).toHaveBeenCalledTimes(1);
  });

  it('removes an uploaded photo from the server too, but an attached one only from the list', async () => {
    render(<Harness initial={[photoView(1)]} />);
    await pick(file('new.jpg'));
    await act(async () => pending[0]!.resolve(photoView(2)));
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(removePendingPhoto).toHaveBeenCalledWith(photoView(2).id);
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(removePendingPhoto).toHaveBeenCalledTimes(1);
    expect(current!.attachments()).toEqual([]);
  });
});

describe('the photo gallery', () => {
  it('shows nothing when there are no photos', () => {
    const { container } = render(<PhotoGallery photos={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows lazy thumbnails of a fixed size, opening a viewer moved by the arrow keys', async () => {
    const photos = [photoView(1, 'Under the sink'), photoView(2), photoView(3, 'The stopcock')];
    render(<PhotoGallery photos={photos} />);
    const thumbs = [...document.querySelectorAll('img')];
    expect(thumbs).toHaveLength(3);
    for (const img of thumbs) {
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('width')).toBe('400');
      expect(img.getAttribute('height')).toBe('300');
    }
    const opener = screen.getByRole('button', { name: 'Open photo 1 of 3: Under the sink' });
    opener.focus();
    fireEvent.click(opener);

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Photo 1 of 3')).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Under the sink' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(within(dialog).getByText('Photo 2 of 3')).toBeTruthy();
    // A photo without a caption is named by its place.
    expect(within(dialog).getByRole('img', { name: 'Photo 2 of 3' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(within(dialog).getByText('Photo 3 of 3')).toBeTruthy();
    expect(await seriousAxeViolations(dialog)).toEqual([]);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('moves to the next photo on a swipe to the left', async () => {
    render(<PhotoGallery photos={[photoView(1), photoView(2)]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open photo 1 of 2' }));
    const dialog = await screen.findByRole('dialog');
    const figure = dialog.querySelector('figure')!;
    fireEvent.pointerDown(figure, { clientX: 300 });
    fireEvent.pointerUp(figure, { clientX: 200 });
    expect(within(dialog).getByText('Photo 2 of 2')).toBeTruthy();
  });
});
