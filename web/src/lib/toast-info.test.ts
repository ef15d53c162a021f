import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { showInfo } from './toast-info';

vi.mock('sonner', () => ({ toast: { info: vi.fn() } }));
// The outlet is mounted by the app (lib/toast-outlet.test.ts); here it is there at once.
vi.mock('./toast-outlet', () => ({ toastOutlet: () => Promise.resolve() }));

describe('showInfo', () => {
  it('shows a neutral toast with a title and a description', async () => {
    await showInfo('Payment processing', 'Still being confirmed.');
    expect(toast.info).toHaveBeenCalledWith('Payment processing', { description: 'Still being confirmed.' });
  });
});
