// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

afterEach(cleanup);

type OnConfirm = (close: () => void, fail: (message: string) => void) => void;

function renderConfirm(onConfirm: OnConfirm, onTriggerClick = vi.fn()) {
  render(
    <ConfirmDialog
      trigger={<Button onClick={onTriggerClick}>Withdraw</Button>}
      title="Withdraw this quote?"
      description="The customer will no longer see it."
      confirmLabel="Withdraw quote"
      pending={false}
      onConfirm={onConfirm}
    />,
  );
  return screen.getByRole('button', { name: 'Withdraw' });
}

describe('ConfirmDialog', () => {
  it('renders only its trigger until pressed; Keep it then changes nothing and gives the focus back', async () => {
    const onConfirm = vi.fn<OnConfirm>();
    const onTriggerClick = vi.fn();
    const trigger = renderConfirm(onConfirm, onTriggerClick);
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();

    trigger.focus();
    fireEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this quote?' });
    expect(within(dialog).getByText('The customer will no longer see it.')).toBeTruthy();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    // The trigger's own handler still runs beside the one that opens the dialog.
    expect(onTriggerClick).toHaveBeenCalledTimes(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('says in the dialog why the action failed and stays open; closes once it succeeds', async () => {
    const onConfirm = vi
      .fn<OnConfirm>()
      .mockImplementationOnce((_close, fail) => fail('Quote already accepted'))
      .mockImplementationOnce((close) => close());
    fireEvent.click(renderConfirm(onConfirm));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this quote?' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw quote' }));
    expect(within(dialog).getByText('Quote already accepted')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(dialog);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw quote' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('opens again after closing, without its last failure', async () => {
    const onConfirm = vi.fn<OnConfirm>((_close, fail) => fail('Try again later'));
    const trigger = renderConfirm(onConfirm);
    fireEvent.click(trigger);
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw quote' }));
    expect(within(dialog).getByText('Try again later')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(trigger);
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('Try again later')).toBeNull();
  });
});
