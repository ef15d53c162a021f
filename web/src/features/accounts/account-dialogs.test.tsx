// @vitest-environment happy-dom
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from '@domain/accounts/schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError } from '@/lib/toast';
import { expectFieldError, validationErrorReply } from '@/test/field-errors';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { PASSWORDS_DO_NOT_MATCH } from './change-password-dialog';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

async function openDialog(button: string, handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({ ...sessionHandler(makeUser()), ...handlers });
  renderApp('/profile');
  await screen.findByRole('heading', { level: 1 });
  fireEvent.mouseDown(screen.getByRole('tab', { name: 'Settings' }), { button: 0 });
  fireEvent.click(await screen.findByRole('button', { name: button }));
  const dialog = within(await screen.findByRole('dialog'));
  const type = (label: RegExp, value: string) =>
    fireEvent.change(dialog.getByLabelText(label), { target: { value } });
  return { dialog, type, fetchMock };
}

describe('Change password', () => {
  it('shows each message next to its field and focuses the first', async () => {
    const { dialog, type } = await openDialog('Change password');
    type(/^New password/, 'short');
    fireEvent.click(dialog.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expectFieldError(dialog.getByLabelText(/^Current password/), ACCOUNT_MESSAGES.passwordRequired),
    );
    expectFieldError(dialog.getByLabelText(/^New password/), ACCOUNT_MESSAGES.passwordTooShort);
    // The hint is still read with the field.
    expect(dialog.getByLabelText(/^New password/).getAttribute('aria-describedby')).toContain(
      'new-password-hint',
    );
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByLabelText(/^Current password/)));
    expect(showError).toHaveBeenCalledWith('Validation Error', ACCOUNT_MESSAGES.passwordRequired);
  });

  it('says when the confirmation does not match, by the confirmation', async () => {
    const { dialog, type } = await openDialog('Change password');
    type(/^Current password/, 'old-password');
    type(/^New password/, 'new-password-1');
    type(/^Confirm new password/, 'new-password-2');
    fireEvent.click(dialog.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expectFieldError(dialog.getByLabelText(/^Confirm new password/), PASSWORDS_DO_NOT_MATCH),
    );
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByLabelText(/^Confirm new password/)));
  });

  it('marks the current password when the server says it is wrong, and keeps what was typed', async () => {
    const { dialog, type } = await openDialog('Change password', {
      'POST /api/v1/account/password': () => ({
        status: 400,
        body: { error: { code: 'wrong_password', message: AUTH_MESSAGES.wrongPassword } },
      }),
    });
    type(/^Current password/, 'not-my-password');
    type(/^New password/, 'new-password-1');
    type(/^Confirm new password/, 'new-password-1');
    fireEvent.click(dialog.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expectFieldError(dialog.getByLabelText(/^Current password/), AUTH_MESSAGES.wrongPassword),
    );
    expect(showError).toHaveBeenCalledWith('Error', AUTH_MESSAGES.wrongPassword);
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByLabelText(/^Current password/)));
    expect((dialog.getByLabelText(/^New password/) as HTMLInputElement).value).toBe('new-password-1');
  });

  it('marks the field a server validation error names', async () => {
    const { dialog, type } = await openDialog('Change password', {
      'POST /api/v1/account/password': () =>
        validationErrorReply('newPassword', ACCOUNT_MESSAGES.passwordTooLong),
    });
    type(/^Current password/, 'old-password');
    type(/^New password/, 'new-password-1');
    type(/^Confirm new password/, 'new-password-1');
    fireEvent.click(dialog.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expectFieldError(dialog.getByLabelText(/^New password/), ACCOUNT_MESSAGES.passwordTooLong),
    );
    expect(showError).toHaveBeenCalledWith('Validation Error', ACCOUNT_MESSAGES.passwordTooLong);
  });
});

describe('Delete account', () => {
  it('marks the password when the server says it is wrong, and keeps the dialog as typed', async () => {
    const { dialog, type } = await openDialog('Delete account', {
      'DELETE /api/v1/account': () => ({
        status: 400,
        body: { error: { code: 'wrong_password', message: AUTH_MESSAGES.wrongPassword } },
      }),
    });
    type(/^Password/, 'not-my-password');
    type(/^Type DELETE/, 'DELETE');
    fireEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expectFieldError(dialog.getByLabelText(/^Password/), AUTH_MESSAGES.wrongPassword));
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByLabelText(/^Password/)));
    expect((dialog.getByLabelText(/^Type DELETE/) as HTMLInputElement).value).toBe('DELETE');
  });
});
