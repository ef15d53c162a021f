import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError } from './toast';

vi.mock('sonner', () => ({ toast: { error: vi.fn() } }));
// The outlet is mounted by the app (lib/toast-outlet.test.ts); here it is there at once.
vi.mock('./toast-outlet', () => ({ toastOutlet: () => Promise.resolve() }));

afterEach(() => vi.mocked(toast.error).mockClear());

describe('showError', () => {
  it('shows an error toast with a title and a description', async () => {
    await showError('Error', 'Failed to post job');
    expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to post job' });
  });

  it('shows a title alone', async () => {
    await showError('Please select a date');
    expect(toast.error).toHaveBeenCalledWith('Please select a date', undefined);
  });
});
