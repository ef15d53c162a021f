// @vitest-environment happy-dom
import type { PhotoView } from '@domain/photos/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showSuccess } from '@/lib/toast';
import { mockApi, resetBetweenTests } from '@/test/render';
import { bodiesSentTo } from '@/test/requests';
import { EditJobPhotosButton } from './edit-job-photos';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

const JOB_ID = '10000000-0000-4000-8000-000000000001';
const photo: PhotoView = {
  id: '00000000-0000-4000-8000-000000000001',
  caption: 'Under the sink',
  url: '/api/v1/photos/1/display',
  width: 1600,
  height: 1200,
  thumbUrl: '/api/v1/photos/1/thumb',
  thumbWidth: 400,
  thumbHeight: 300,
  createdAt: '2026-11-20T10:00:00.000Z',
};

function renderButton(photos: PhotoView[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EditJobPhotosButton jobId={JOB_ID} photos={photos} />
    </QueryClientProvider>,
  );
}

describe("a job's Edit photos button", () => {
  it('says Add photos for a job without any, and opens the dialog it loads when pressed', async () => {
    mockApi({});
    renderButton([]);
    const button = screen.getByRole('button', { name: 'Add photos' });
    expect(screen.queryByRole('dialog')).toBeNull();
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Photos of this job' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('saves the list as it is and closes', async () => {
    const fetchMock = mockApi({
      [`PATCH /api/v1/jobs/${JOB_ID}`]: () => ({ status: 200, body: { job: {} } }),
    });
    renderButton([photo]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit photos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photos of this job' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save photos' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Photos saved'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, `PATCH /api/v1/jobs/${JOB_ID}`)).toEqual([
      { photos: [{ id: photo.id, caption: 'Under the sink' }] },
    ]);
  });
});
