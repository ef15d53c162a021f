// @vitest-environment happy-dom
import { CUSTOMER_DISPUTE_REASONS, TRADESPERSON_DISPUTE_REASONS } from '@domain/catalog/catalog';
import { DISPUTE_MESSAGES } from '@domain/disputes/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toast';
import { seriousAxeViolations } from '@/test/axe';
import { validationErrorReply } from '@/test/field-errors';
import { makeBooking, makeMyJob } from '@/test/fixtures';
import { heldReply } from '@/test/held-reply';
import { myJobsHandler } from '@/test/my-jobs';
import type { Reply } from '@/test/render';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { RaiseDisputeDialog } from './raise-dispute-dialog';
import { BOOKING_ID, DISPUTE_ID, disputeReply, makeDispute } from './test-fixtures';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

const RAISE = 'POST /api/v1/disputes';
const DESCRIPTION = 'The tap still drips after the repair and the cabinet is soaked.';

function activeJob() {
  return makeMyJob({ status: 'in_progress', booking: makeBooking({ id: BOOKING_ID, status: 'confirmed' }) });
}

/** My Jobs' Active tab (customer) or My Bookings (tradesperson), and the Raise Dispute dialog open. */
async function openDialog(
  answer: (init: RequestInit | undefined) => Reply | Promise<Reply>,
  as: 'customer' | 'tradesperson' = 'customer',
) {
  const fetchMock = mockApi({
    ...sessionHandler(makeUser(as === 'tradesperson' ? { userType: 'tradesperson' } : {})),
    ...myJobsHandler([activeJob()]),
    'GET /api/v1/bookings/mine': () => ({
      status: 200,
      body: { bookings: [makeBooking({ id: BOOKING_ID, status: 'confirmed' })] },
    }),
    [RAISE]: answer,
  });
  const view = renderApp('/my-jobs');
  await screen.findByRole('link', { name: 'Fix a leaking tap' }, { timeout: 5000 });
  if (as === 'customer') fireEvent.mouseDown(screen.getByRole('tab', { name: 'Active' }), { button: 0 });
  fireEvent.click(await screen.findByRole('button', { name: 'Raise Dispute' }));
  const dialogElement = await screen.findByRole('dialog', { name: 'Raise a dispute' });
  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
  return { dialog: within(dialogElement), dialogElement, posts, view };
}

type Dialog = Awaited<ReturnType<typeof openDialog>>['dialog'];
const reasonBox = (dialog: Dialog) => dialog.getByLabelText(/Reason/) as HTMLSelectElement;
const descriptionBox = (dialog: Dialog) => dialog.getByLabelText(/Description/) as HTMLTextAreaElement;
const submitButton = (dialog: Dialog) =>
  dialog.getByRole('button', { name: 'Raise Dispute' }) as HTMLButtonElement;
const fill = (dialog: Dialog, reason: string, description: string) => {
  fireEvent.change(reasonBox(dialog), { target: { value: reason } });
  fireEvent.change(descriptionBox(dialog), { target: { value: description } });
};
const options = (dialog: Dialog) =>
  Array.from(reasonBox(dialog).options)
    .map((o) => o.value)
    .filter(Boolean);

describe('Raise Dispute', () => {
  it('offers the customer’s reasons, counts characters, and passes axe', async () => {
    const { dialog, dialogElement } = await openDialog(() => disputeReply(makeDispute(), 201));
    expect(options(dialog)).toEqual([...CUSTOMER_DISPUTE_REASONS]);
    expect(dialog.getByText('0 / 1,000 characters')).toBeTruthy();
    fireEvent.change(descriptionBox(dialog), { target: { value: 'Still dripping' } });
    expect(dialog.getByText('14 / 1,000 characters')).toBeTruthy();
    expect(dialog.getByText(/Tom Pipes is told and has 7 days to respond/)).toBeTruthy();
    // The reason takes focus when the dialog opens.
    await waitFor(() => expect(document.activeElement).toBe(reasonBox(dialog)));
    expect(await seriousAxeViolations(dialogElement)).toEqual([]);
  });

  it('offers the tradesperson’s reasons on My Bookings', async () => {
    const { dialog } = await openDialog(() => disputeReply(makeDispute(), 201), 'tradesperson');
    expect(options(dialog)).toEqual([...TRADESPERSON_DISPUTE_REASONS]);
  });

  it('keeps submit disabled until both a reason and a description are filled', async () => {
    const { dialog, posts } = await openDialog(() => disputeReply(makeDispute(), 201));
    expect(submitButton(dialog).disabled).toBe(true);
    fireEvent.change(reasonBox(dialog), { target: { value: 'Safety concerns' } });
    expect(submitButton(dialog).disabled).toBe(true);
    fireEvent.change(descriptionBox(dialog), { target: { value: '   ' } });
    expect(submitButton(dialog).disabled).toBe(true);
    fireEvent.change(descriptionBox(dialog), { target: { value: 'x' } });
    expect(submitButton(dialog).disabled).toBe(false);
    fireEvent.change(reasonBox(dialog), { target: { value: '' } });
    expect(submitButton(dialog).disabled).toBe(true);
    expect(posts()).toHaveLength(0);
  });

  it('says the spec’s messages verbatim and sends nothing while the description does not fit', async () => {
    const { dialog, posts } = await openDialog(() => disputeReply(makeDispute(), 201));
    fill(dialog, 'Other', 'Too short');
    fireEvent.click(submitButton(dialog));
    expect(dialog.getByText('Description must be at least 20 characters')).toBeTruthy();
    expect(showError).toHaveBeenCalledWith('Validation Error', 'Description must be at least 20 characters');
    expect(descriptionBox(dialog).getAttribute('aria-invalid')).toBe('true');
    // Focus is on the field with the message at once, not a frame later, where typing that follows
    // straight away would already be somewhere else.
    expect(document.activeElement).toBe(descriptionBox(dialog));
    fireEvent.change(descriptionBox(dialog), { target: { value: 'a'.repeat(1001) } });
    expect(dialog.getByText('Description must be less than 1000 characters')).toBeTruthy();
    fireEvent.click(submitButton(dialog));
    expect(showError).toHaveBeenLastCalledWith(
      'Validation Error',
      'Description must be less than 1000 characters',
    );
    // Exactly 1,000 is fine.
    fireEvent.change(descriptionBox(dialog), { target: { value: 'a'.repeat(1000) } });
    expect(dialog.queryByText(/Description must be/)).toBeNull();
    expect(posts()).toHaveLength(0);
  });

  it('says Please select a reason when the server refuses the reason', async () => {
    const { dialog } = await openDialog(() =>
      validationErrorReply('reason', DISPUTE_MESSAGES.reasonRequired),
    );
    fill(dialog, 'Other', DESCRIPTION);
    fireEvent.click(submitButton(dialog));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Please select a reason'));
    expect(dialog.getByText('Please select a reason')).toBeTruthy();
    expect(reasonBox(dialog).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the booking, the reason and the trimmed description, says Dispute Raised and shows the link', async () => {
    let raised = false;
    const disputedJob = () =>
      makeMyJob({
        status: 'in_progress',
        booking: makeBooking({
          id: BOOKING_ID,
          status: 'disputed',
          dispute: { id: DISPUTE_ID, status: 'awaiting_response', canRaise: false },
        }),
      });
    const fetchMock = mockApi({
      ...sessionHandler(makeUser()),
      ...myJobsHandler(() => [raised ? disputedJob() : activeJob()]),
      [RAISE]: () => {
        raised = true;
        return disputeReply(makeDispute(), 201);
      },
    });
    renderApp('/my-jobs');
    await screen.findByRole('link', { name: 'Fix a leaking tap' }, { timeout: 5000 });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Active' }), { button: 0 });
    fireEvent.click(await screen.findByRole('button', { name: 'Raise Dispute' }));
    const dialog = within(await screen.findByRole('dialog'));
    fill(dialog, 'Poor quality of work', `  ${DESCRIPTION}  `);
    fireEvent.click(submitButton(dialog));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('Dispute Raised', DISPUTE_MESSAGES.raisedDetail),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({
      bookingId: BOOKING_ID,
      reason: 'Poor quality of work',
      description: DESCRIPTION,
    });
    // The booking is refetched and now links to its dispute.
    const link = await screen.findByRole('link', { name: 'View dispute' });
    expect(link.getAttribute('href')).toBe(`/disputes/${DISPUTE_ID}`);
    expect(screen.queryByRole('button', { name: 'Raise Dispute' })).toBeNull();
  });

  it('on a refusal shows the server’s message and keeps what was typed', async () => {
    const { dialog } = await openDialog(() => ({
      status: 409,
      body: { error: { code: 'dispute_open', message: DISPUTE_MESSAGES.alreadyOpen } },
    }));
    fill(dialog, 'Safety concerns', DESCRIPTION);
    fireEvent.click(submitButton(dialog));
    await waitFor(() => expect(showError).toHaveBeenCalledWith(DISPUTE_MESSAGES.alreadyOpen));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(reasonBox(dialog).value).toBe('Safety concerns');
    expect(descriptionBox(dialog).value).toBe(DESCRIPTION);
    expect(showSuccess).not.toHaveBeenCalled();
  });

  it('says Failed to raise dispute when the server gives no message', async () => {
    const { dialog } = await openDialog(() => ({ status: 502 }));
    fill(dialog, 'Other', DESCRIPTION);
    fireEvent.click(submitButton(dialog));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Failed to raise dispute'));
    expect(descriptionBox(dialog).value).toBe(DESCRIPTION);
  });

  it('says You must be logged in when the session has ended', async () => {
    const { dialog } = await openDialog(() => ({
      status: 401,
      body: { error: { code: 'unauthenticated', message: 'Please sign in' } },
    }));
    fill(dialog, 'Other', DESCRIPTION);
    fireEvent.click(submitButton(dialog));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('You must be logged in'));
  });

  it('sends one request for a double click, the button disabled while sending', async () => {
    const reply = heldReply();
    const { dialog, posts } = await openDialog(reply.answer);
    fill(dialog, 'Other', DESCRIPTION);
    const submit = submitButton(dialog);
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(submit.disabled).toBe(true));
    fireEvent.click(submit);
    expect(posts()).toHaveLength(1);
    reply.send(disputeReply(makeDispute(), 201));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledTimes(1));
    expect(posts()).toHaveLength(1);
  });
});

describe('Raise Dispute when signed out', () => {
  it('says You must be logged in and sends nothing', async () => {
    const fetchMock = mockApi(sessionHandler(null));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <RaiseDisputeDialog booking={makeBooking()} me="customer" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Raise Dispute' }));
    const dialog = within(await screen.findByRole('dialog'));
    fill(dialog, 'Other', DESCRIPTION);
    fireEvent.click(submitButton(dialog));
    await waitFor(() => expect(showError).toHaveBeenCalledWith(DISPUTE_MESSAGES.signInRequired));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });
});
