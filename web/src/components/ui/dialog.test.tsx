// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

afterEach(cleanup);

function renderDialog() {
  render(
    <>
      <Toaster closeButton />
      <Dialog defaultOpen>
        <DialogContent>
          <DialogTitle>Leave a review</DialogTitle>
          <DialogDescription>How did it go?</DialogDescription>
        </DialogContent>
      </Dialog>
      <button type="button">Elsewhere</button>
    </>,
  );
}

/** What a mouse does: Radix decides "outside" on pointerdown, then the button acts on click. */
function press(element: Element) {
  fireEvent.pointerDown(element);
  fireEvent.mouseDown(element);
  fireEvent.pointerUp(element);
  fireEvent.mouseUp(element);
  fireEvent.click(element);
}

describe('a dialog', () => {
  it('stays open when an error toast is closed with its ×', async () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Leave a review' })).toBeTruthy();
    // Radix starts listening for outside presses a tick after opening.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    act(() => void toast.error('Error', { description: 'Failed to submit review' }));
    const close = await screen.findByRole('button', { name: 'Close toast' });
    press(close);
    expect(screen.getByRole('dialog', { name: 'Leave a review' })).toBeTruthy();
  });

  it('still closes on a press anywhere else outside it', async () => {
    renderDialog();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    press(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
