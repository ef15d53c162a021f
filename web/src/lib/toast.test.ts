import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showInfo } from './toast';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), info: vi.fn() } }));

afterEach(() => {
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.info).mockClear();
});

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

describe('showInfo', () => {
  it('shows a neutral toast with a title and a description', async () => {
    await showInfo('Payment processing', 'Still being confirmed.');
    expect(toast.info).toHaveBeenCalledWith('Payment processing', { description: 'Still being confirmed.' });
  });
});
