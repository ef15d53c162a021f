// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError } from '@/lib/toast';
import { DIALOG_NOT_LOADED, type LazyDialogProps, useLazyDialog } from './use-lazy-dialog';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function Question({ open, onOpenChange }: LazyDialogProps) {
  if (!open) return null;
  return (
    <div role="dialog" aria-label="Are you sure?">
      <button type="button" onClick={() => onOpenChange(false)}>
        Keep it
      </button>
    </div>
  );
}

/** A page that offers the dialog behind `load` (a fresh loader per test: loaded code is kept by loader). */
function Page({ load }: { load: () => Promise<{ default: typeof Question }> }) {
  const dialog = useLazyDialog(load);
  return (
    <>
      <p>What the user was doing</p>
      <button type="button" {...dialog.button}>
        Withdraw
      </button>
      {dialog.Dialog && <dialog.Dialog {...dialog.dialog} />}
    </>
  );
}

describe('useLazyDialog', () => {
  it('loads the code once, as the pointer comes near, and opens on the press', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Question }));
    render(<Page load={load} />);
    const button = screen.getByRole('button', { name: 'Withdraw' });
    expect(load).not.toHaveBeenCalled();
    fireEvent.pointerEnter(button);
    fireEvent.focus(button);
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Are you sure?' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('says the dialog could not be opened when its code cannot be fetched, keeps the page, and tries again on the next press', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Question }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Question });
    render(<Page load={load} />);
    const button = screen.getByRole('button', { name: 'Withdraw' });

    fireEvent.click(button);
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error', DIALOG_NOT_LOADED));
    // Tried twice (a dropped packet), then told; the page is still there.
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('What the user was doing')).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Are you sure?' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
  });
});
