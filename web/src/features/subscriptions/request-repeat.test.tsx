// @vitest-environment happy-dom
import { SUBSCRIPTION_MESSAGES as M } from '@domain/subscriptions/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProfile } from '@/features/discovery/test-fixtures';
import { showSuccess } from '@/lib/toast';
import { seriousAxeViolations } from '@/test/axe';
import { BOOKING_ID, JOB_ID, makeBooking, makeJobDetail, makeMyJob } from '@/test/fixtures';
import { myJobsHandler } from '@/test/my-jobs';
import { mockProfileApi } from '@/test/public-profile';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { bodiesSentTo, requestsTo } from '@/test/requests';
import { categoriesFor } from './request-repeat';
import { plansReply, refusal, requestedPlan } from './test-fixtures';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

const ASK = 'Ask for a repeat service';
const REQUEST = 'POST /api/v1/subscriptions';
const completed = makeBooking({ status: 'completed', completedAt: '2030-06-21T10:00:00.000Z' });

describe('asking for a repeat service after a completed booking', () => {
  it('from My Jobs’ Done tab: a message, then on to Subscriptions', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(makeUser()),
      ...myJobsHandler([makeMyJob({ status: 'completed', booking: completed })]),
      [REQUEST]: () => ({ status: 201, body: requestedPlan() }),
      'GET /api/v1/subscriptions': () => plansReply([requestedPlan()]),
    });
    const { router } = renderApp('/my-jobs');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Done' }, { timeout: 5000 }), { button: 0 });
    fireEvent.click(await screen.findByRole('button', { name: ASK }));
    const dialog = within(await screen.findByRole('dialog', { name: ASK }));
    fireEvent.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByText(M.messageEmpty)).toBeTruthy();
    expect(requestsTo(fetchMock, REQUEST)).toHaveLength(0);
    fireEvent.change(dialog.getByLabelText(/^Your message/), {
      target: { value: 'The same every fortnight, please' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions'));
    expect(bodiesSentTo(fetchMock, REQUEST)).toEqual([
      { bookingId: BOOKING_ID, message: 'The same every fortnight, please' },
    ]);
    expect(showSuccess).toHaveBeenCalledWith(
      'Repeat service asked for',
      'Tom Pipes is asked to propose a plan.',
    );
  });

  it('gives the focus back to the button when cancelled, and opens afresh the next time', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      ...myJobsHandler([makeMyJob({ status: 'completed', booking: completed })]),
    });
    renderApp('/my-jobs');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Done' }, { timeout: 5000 }), { button: 0 });
    const ask = await screen.findByRole('button', { name: ASK });
    fireEvent.click(ask);
    let dialog = within(await screen.findByRole('dialog', { name: ASK }));
    fireEvent.change(dialog.getByLabelText(/^Your message/), { target: { value: 'Every fortnight' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(ask));
    fireEvent.click(ask);
    dialog = within(await screen.findByRole('dialog', { name: ASK }));
    expect((dialog.getByLabelText(/^Your message/) as HTMLTextAreaElement).value).toBe('');
  });

  it('from the job page, for its owner only once the booking is completed', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      [`GET /api/v1/jobs/${JOB_ID}`]: () => ({
        status: 200,
        body: { job: makeJobDetail({ status: 'completed', booking: completed }) },
      }),
    });
    renderApp(`/job/${JOB_ID}`);
    expect(await screen.findByRole('button', { name: ASK }, { timeout: 5000 })).toBeTruthy();
    resetBetweenTests();
    mockApi({
      ...sessionHandler(makeUser()),
      [`GET /api/v1/jobs/${JOB_ID}`]: () => ({
        status: 200,
        body: { job: makeJobDetail({ status: 'in_progress', booking: makeBooking() }) },
      }),
    });
    renderApp(`/job/${JOB_ID}`);
    await screen.findByRole('heading', { name: 'Booking' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: ASK })).toBeNull();
  });

  it('keeps the message and says the server’s refusal in the dialog', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      ...myJobsHandler([makeMyJob({ status: 'completed', booking: completed })]),
      [REQUEST]: () => refusal(409, 'conflict', M.alreadyAsked),
    });
    renderApp('/my-jobs');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Done' }, { timeout: 5000 }), { button: 0 });
    fireEvent.click(await screen.findByRole('button', { name: ASK }));
    const dialog = within(await screen.findByRole('dialog', { name: ASK }));
    fireEvent.change(dialog.getByLabelText(/^Your message/), { target: { value: 'Again please' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByText(M.alreadyAsked)).toBeTruthy();
    expect((dialog.getByLabelText(/^Your message/) as HTMLTextAreaElement).value).toBe('Again please');
  });
});

describe('asking for a repeat service from a profile', () => {
  it('a customer gives the postcode and the kind of work, among the tradesperson’s', async () => {
    const profile = makeProfile();
    const { fetchMock } = mockProfileApi(profile, makeUser(), undefined, {
      [REQUEST]: () => ({ status: 201, body: requestedPlan() }),
      'GET /api/v1/subscriptions': () => plansReply([requestedPlan()]),
    });
    const { router } = renderApp(`/tradesperson/${profile.id}`);
    fireEvent.click(await screen.findByRole('button', { name: ASK }, { timeout: 5000 }));
    const dialog = within(await screen.findByRole('dialog', { name: ASK }));
    const kinds = within(dialog.getByLabelText(/^Kind of work/))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(kinds).toEqual(['Choose…', ...categoriesFor('Plumber')]);
    fireEvent.change(dialog.getByLabelText(/^Your message/), {
      target: { value: 'A boiler service every year' },
    });
    fireEvent.change(dialog.getByLabelText(/^Postcode of the work/), { target: { value: 'nope' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByText(M.postcodeInvalid)).toBeTruthy();
    expect(dialog.getByText('Choose the kind of work')).toBeTruthy();
    expect(await seriousAxeViolations(screen.getByRole('dialog'))).toEqual([]);
    fireEvent.change(dialog.getByLabelText(/^Postcode of the work/), { target: { value: 'LS1 4AP' } });
    fireEvent.change(dialog.getByLabelText(/^Kind of work/), { target: { value: 'Plumbing' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions'));
    expect(bodiesSentTo(fetchMock, REQUEST)).toEqual([
      {
        tradespersonId: profile.id,
        postcode: 'LS1 4AP',
        category: 'Plumbing',
        message: 'A boiler service every year',
      },
    ]);
  });

  it('a visitor is sent to sign in first; a tradesperson is not offered it', async () => {
    const profile = makeProfile();
    mockProfileApi(profile, null);
    renderApp(`/tradesperson/${profile.id}`);
    expect((await screen.findByRole('link', { name: ASK }, { timeout: 5000 })).getAttribute('href')).toBe(
      '/auth',
    );
    resetBetweenTests();
    mockProfileApi(profile, makeUser({ userType: 'tradesperson' }));
    renderApp(`/tradesperson/${profile.id}`);
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: ASK })).toBeNull();
    expect(screen.queryByRole('link', { name: ASK })).toBeNull();
  });
});
