// @vitest-environment happy-dom
import { ADMIN_MESSAGES } from '@domain/admin/messages';
import { PAYMENT_MESSAGES } from '@domain/payments/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toast';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { makeAdminPayment } from './test-fixtures';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const admin = makeUser({ isAdmin: true, fullName: 'Ada Admin' });
const PAYMENTS = 'GET /api/v1/admin/payments';
const payment = makeAdminPayment();
const REFUND = `POST /api/v1/admin/payments/${payment.id}/refund`;

afterEach(resetBetweenTests);

async function openRefund() {
  fireEvent.click(
    await screen.findByRole('button', { name: 'Refund payment for Fix a leaking tap' }, { timeout: 5000 }),
  );
  return within(await screen.findByRole('dialog', { name: 'Refund this payment?' }));
}

describe('payments (/admin/payments)', () => {
  it('lists payments with the job, the amount and where the money is', async () => {
    mockApi({
      ...sessionHandler(admin),
      [PAYMENTS]: () => ({
        status: 200,
        body: {
          payments: [
            payment,
            makeAdminPayment({
              id: 'p2',
              jobTitle: 'Rewire the kitchen',
              heldPence: 0,
              releasedPence: 40_000,
              releasedAt: '2026-11-30T00:00:00Z',
            }),
          ],
        },
      }),
    });
    renderApp('/admin/payments');
    const list = within(await screen.findByRole('list', { name: 'Payments' }, { timeout: 5000 }));
    const [held, released] = list.getAllByRole('listitem');
    expect(within(held!).getByRole('link', { name: 'Fix a leaking tap' }).getAttribute('href')).toBe(
      `/job/${payment.jobId}`,
    );
    expect(held!.textContent).toContain('£400.00');
    // Both parties by name, each linking to their account's page.
    expect(within(held!).getByRole('link', { name: 'Customer: Ann Smith' }).getAttribute('href')).toBe(
      `/admin/users/${payment.customerId}`,
    );
    expect(within(held!).getByRole('link', { name: 'Tradesperson: Tom Pipes' }).getAttribute('href')).toBe(
      `/admin/users/${payment.tradespersonId}`,
    );
    expect(held!.textContent).toContain('Held until 1 Dec 2026');
    expect(held!.textContent).toContain('Paid 17 Nov 2026');
    expect(released!.textContent).toContain('Released');
    // Only money still held can be refunded.
    expect(within(released!).queryByRole('button', { name: /Refund/ })).toBeNull();
  });

  it('refunds part of the money, in pence, with the reason', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(admin),
      [PAYMENTS]: () => ({ status: 200, body: { payments: [payment] } }),
      [REFUND]: () => ({ status: 200, body: { money: {} } }),
    });
    renderApp('/admin/payments');
    const dialog = await openRefund();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Amount to refund (£)' }), {
      target: { value: '500' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await dialog.findByText(PAYMENT_MESSAGES.refundTooLarge)).toBeTruthy();
    expect(await dialog.findByText(ADMIN_MESSAGES.reasonRequired)).toBeTruthy();

    fireEvent.change(dialog.getByRole('textbox', { name: 'Amount to refund (£)' }), {
      target: { value: '25.50' },
    });
    fireEvent.change(dialog.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Job cut short' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ amountPence: 2550, reason: 'Job cut short' });
    expect(showSuccess).toHaveBeenCalledWith('Refund made', '£25.50 refunded for Fix a leaking tap.');
  });

  it('refunds everything held when no amount is given, and shows the server’s refusal verbatim', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(admin),
      [PAYMENTS]: () => ({ status: 200, body: { payments: [payment] } }),
      [REFUND]: () => ({
        status: 409,
        body: { error: { code: 'payment_state', message: PAYMENT_MESSAGES.frozen } },
      }),
    });
    renderApp('/admin/payments');
    const dialog = await openRefund();
    fireEvent.change(dialog.getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Customer asked' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await dialog.findByText(PAYMENT_MESSAGES.frozen)).toBeTruthy();
    expect(showError).toHaveBeenCalledWith('Error', PAYMENT_MESSAGES.frozen);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'Customer asked' });
  });
});
