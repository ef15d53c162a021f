// @vitest-environment happy-dom
import type { JobDetailView } from '@domain/marketplace/api';
import { MARKET_MESSAGES, QUOTE_MESSAGES } from '@domain/marketplace/schemas';
import { REVIEW_MESSAGES } from '@domain/reviews/messages';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONVERSATION_ID, makeConversation, makePerson } from '@/features/messaging/test-fixtures';
import { showError, showSuccess } from '@/lib/toast';
import { expectFieldError, validationErrorReply } from '@/test/field-errors';
import {
  CUSTOMER_ID,
  JOB_ID,
  makeBooking,
  makeJobDetail,
  makeQuote,
  makeTradesperson,
  QUOTE_ID,
  TRADESPERSON_ID,
} from '@/test/fixtures';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

const JOB_URL = `GET /api/v1/jobs/${JOB_ID}`;
const tradesperson = makeUser({ id: TRADESPERSON_ID, userType: 'tradesperson', fullName: 'Tom Pipes' });

function openJob(job: JobDetailView, handlers: Parameters<typeof mockApi>[0] = {}, user = makeUser()) {
  const fetchMock = mockApi({
    ...sessionHandler(user),
    [JOB_URL]: () => ({ status: 200, body: { job } }),
    ...handlers,
  });
  return { ...renderApp(`/job/${JOB_ID}`), fetchMock };
}

describe('Job detail', () => {
  it('says Job not found for a missing or hidden job, with a way back', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      [JOB_URL]: () => ({
        status: 404,
        body: { error: { code: 'not_found', message: MARKET_MESSAGES.jobNotFound } },
      }),
    });
    renderApp(`/job/${JOB_ID}`);
    // The first test of the file also waits for the page's code to load.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Job not found' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to jobs' }).getAttribute('href')).toBe('/my-jobs');
    expect(showError).not.toHaveBeenCalled();
  });

  it('says Error: Failed to load job details when loading fails otherwise', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      [JOB_URL]: () => ({
        status: 500,
        body: { error: { code: 'internal', message: 'Something went wrong.' } },
      }),
    });
    renderApp(`/job/${JOB_ID}`);
    // One quiet retry first (a 5xx may be a blip), then the toast.
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error', 'Failed to load job details'), {
      timeout: 4000,
    });
    expect(showError).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows the job and, to its owner with no quotes, the waiting hint', async () => {
    openJob(makeJobDetail({ preferredStartDate: '2030-06-20', budgetMin: null, budgetMax: null }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fix a leaking tap' })).toBeTruthy();
    expect(screen.getByText('Budget not specified')).toBeTruthy();
    // The lists' words for a job posted today, from the same helper.
    expect(screen.getByText('Today')).toBeTruthy();
    expect(screen.queryByText('0 days ago')).toBeNull();
    expect(screen.getByText(/20 June 2030/)).toBeTruthy();
    expect(screen.getByText('Waiting for tradespeople to submit quotes for your job...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel job' })).toBeTruthy();
  });

  it('says Yesterday and N days ago as My Jobs does', async () => {
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    openJob(makeJobDetail({ createdAt: daysAgo(3) }));
    expect(await screen.findByText('3 days ago')).toBeTruthy();
    cleanup();
    openJob(makeJobDetail({ createdAt: daysAgo(16) }));
    expect(await screen.findByText('2 weeks ago')).toBeTruthy();
  });

  it('accepts a pending quote after confirming, and says Quote Accepted', async () => {
    const { fetchMock } = openJob(makeJobDetail({ quotes: [makeQuote()] }), {
      [`POST /api/v1/quotes/${QUOTE_ID}/accept`]: () => ({ status: 200, body: { booking: makeBooking() } }),
    });
    const quotes = await screen.findByRole('region', { name: /Quotes/ });
    expect(within(quotes).getByText('£249.99')).toBeTruthy();
    expect(within(quotes).getByText('Tom Pipes')).toBeTruthy();
    expect(within(quotes).getByText('Plumber')).toBeTruthy();
    expect(within(quotes).getByRole('img', { name: 'Verified' })).toBeTruthy();
    expect(within(quotes).getByText('(12 reviews)')).toBeTruthy();
    expect(within(quotes).getByText('4.7')).toBeTruthy();
    expect(within(quotes).getByRole('link', { name: 'Book with a date' }).getAttribute('href')).toBe(
      `/booking?quoteId=${QUOTE_ID}&amount=249.99`,
    );

    fireEvent.click(within(quotes).getByRole('button', { name: 'Accept' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept this quote?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Accept quote' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Quote Accepted'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith(`/quotes/${QUOTE_ID}/accept`))).toBe(
      true,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows a quote from a tradesperson without reviews as 'New on TradeNest', never 0.0", async () => {
    openJob(
      makeJobDetail({
        quotes: [makeQuote({ tradesperson: makeTradesperson({ rating: 0, reviewCount: 0 }) })],
      }),
    );
    const quotes = await screen.findByRole('region', { name: /Quotes/ });
    expect(within(quotes).getByRole('img', { name: REVIEW_MESSAGES.newOnTradeNest })).toBeTruthy();
    expect(within(quotes).getByText(REVIEW_MESSAGES.newOnTradeNest)).toBeTruthy();
    expect(within(quotes).queryByText('0.0')).toBeNull();
  });

  it('shows a tradesperson the customer’s real rating once they have reviews', async () => {
    const job = makeJobDetail({
      viewer: { relation: 'tradesperson', canQuote: true, cannotQuoteReason: null, myQuote: null },
    });
    openJob({ ...job, customer: { ...job.customer, rating: 4.2, reviewCount: 3 } }, {}, tradesperson);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Customer' });
    const customer = within(heading.closest('.rounded-xl') as HTMLElement);
    expect(customer.getByRole('img', { name: 'Rated 4.2 out of 5 from 3 reviews' })).toBeTruthy();
    expect(customer.getByText('4.2')).toBeTruthy();
    expect(customer.getByText('(3 reviews)')).toBeTruthy();
  });

  it('asks before accepting, with the amount and what it does; Cancel changes nothing', async () => {
    const other = makeQuote({
      id: '20000000-0000-4000-8000-000000000002',
      amount: 30_000,
      tradesperson: { ...makeQuote().tradesperson, id: '00000000-0000-4000-8000-000000000003' },
    });
    const { fetchMock } = openJob(makeJobDetail({ quotes: [makeQuote(), other] }));
    const quotes = await screen.findByRole('region', { name: /Quotes/ });
    const accept = within(quotes).getAllByRole('button', { name: 'Accept' })[0]!;
    fireEvent.click(accept);

    const dialogElement = await screen.findByRole('dialog', { name: 'Accept this quote?' });
    const text = dialogElement.textContent ?? '';
    expect(text).toContain('£249.99');
    expect(text).toContain('Tom Pipes');
    // What accepting does (DOMAIN-RULES 5), and nothing the product does not do.
    expect(text).toMatch(/books Tom Pipes/);
    expect(text).toMatch(/1 other quote .*declined/);
    expect(text).toMatch(/cannot be undone/);
    expect(text).not.toMatch(/escrow|refund/i);
    expect(dialogElement.getAttribute('aria-describedby')).toBeTruthy();

    fireEvent.click(within(dialogElement).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    expect(showSuccess).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(accept));
  });

  it('says Already Accepted when another quote got there first', async () => {
    openJob(makeJobDetail({ quotes: [makeQuote()] }), {
      [`POST /api/v1/quotes/${QUOTE_ID}/accept`]: () => ({
        status: 409,
        body: { error: { code: 'already_accepted', message: MARKET_MESSAGES.alreadyAccepted } },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Accept quote' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        'Already Accepted',
        'A quote has already been accepted for this job',
      ),
    );
  });

  it('says Failed to accept quote for any other failure', async () => {
    openJob(makeJobDetail({ quotes: [makeQuote()] }), {
      [`POST /api/v1/quotes/${QUOTE_ID}/accept`]: () => ({
        status: 500,
        body: { error: { code: 'internal', message: 'Something went wrong. Please try again.' } },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Accept quote' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error', 'Failed to accept quote'));
  });

  it('offers no Accept once the job is no longer open', async () => {
    openJob(
      makeJobDetail({
        status: 'in_progress',
        quotes: [makeQuote({ status: 'accepted' })],
        booking: makeBooking({ status: 'confirmed', amount: 24_999, scheduledDate: '2030-06-20' }),
      }),
    );
    await screen.findByRole('heading', { level: 2, name: 'Booking' });
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.getByText('Confirmed')).toBeTruthy();
  });

  it('offers its customer Leave Review on a paid booking, and says when their review will be published', async () => {
    const closesAt = new Date(Date.now() + 10 * 24 * 3600_000).toISOString();
    const paid = makeBooking({
      status: 'completed',
      depositPaid: true,
      completedAt: new Date().toISOString(),
      reviews: { closesAt, customerReviewed: false, tradespersonReviewed: true, published: false },
    });
    openJob(
      makeJobDetail({ status: 'completed', quotes: [makeQuote({ status: 'accepted' })], booking: paid }),
    );
    await screen.findByRole('heading', { level: 2, name: 'Booking' });
    expect(screen.getByRole('button', { name: 'Leave Review' })).toBeTruthy();
    expect(screen.getByText(/has reviewed you — leave yours to see it$/)).toBeTruthy();
  });

  it('shows a tradesperson the district, distance, customer rating and the quote form', async () => {
    openJob(
      makeJobDetail({
        postcode: 'M1',
        postcodeIsPartial: true,
        distanceMiles: 2.34,
        viewer: { relation: 'tradesperson', canQuote: true, cannotQuoteReason: null, myQuote: null },
      }),
      {},
      tradesperson,
    );
    expect(await screen.findByText('M1 (district)')).toBeTruthy();
    expect(screen.getByText('2.3 miles away')).toBeTruthy();
    // A customer without a published review is new, not rated 0.
    const customer = screen.getByRole('heading', { level: 2, name: 'Customer' }).closest('.rounded-xl');
    expect(
      within(customer as HTMLElement).getByRole('img', { name: REVIEW_MESSAGES.newOnTradeNest }),
    ).toBeTruthy();
    expect(screen.queryByText('0.0')).toBeNull();
    expect(screen.queryByText('No reviews yet')).toBeNull();
    expect((screen.getByRole('button', { name: 'Message' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Submit Quote' })).toBeTruthy();
  });

  it('lets a tradesperson message the job’s customer about the job', async () => {
    const { router, fetchMock } = openJob(
      makeJobDetail({
        viewer: { relation: 'tradesperson', canQuote: true, cannotQuoteReason: null, myQuote: null },
      }),
      {
        'POST /api/v1/conversations': () => ({
          status: 201,
          body: {
            conversation: makeConversation({ other: makePerson({ id: CUSTOMER_ID, userType: 'customer' }) }),
          },
        }),
      },
      tradesperson,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Message' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/conversation/${CONVERSATION_ID}`));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v1/conversations')!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ userId: CUSTOMER_ID, jobId: JOB_ID });
  });

  it('says Failed to start conversation when messaging the customer fails, and stays', async () => {
    const { router } = openJob(
      makeJobDetail({
        viewer: { relation: 'tradesperson', canQuote: true, cannotQuoteReason: null, myQuote: null },
      }),
      {
        'POST /api/v1/conversations': () => ({
          status: 500,
          body: { error: { code: 'internal', message: 'Something went wrong. Please try again.' } },
        }),
      },
      tradesperson,
    );
    const message = await screen.findByRole('button', { name: 'Message' });
    fireEvent.click(message);
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error', 'Failed to start conversation'));
    expect(router.state.location.pathname).toBe(`/job/${JOB_ID}`);
    await waitFor(() => expect((message as HTMLButtonElement).disabled).toBe(false));
  });

  it('lets the customer message each tradesperson who quoted', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    const { router, fetchMock } = openJob(makeJobDetail({ quotes: [makeQuote()] }), {
      'POST /api/v1/conversations': () => new Promise((resolve) => (answer = resolve)),
    });
    const quotes = await screen.findByRole('region', { name: /Quotes/ });
    const message = within(quotes).getByRole('button', { name: 'Message Tom Pipes' }) as HTMLButtonElement;
    fireEvent.click(message);
    // While the server answers it shows it is busy and cannot be pressed twice.
    await waitFor(() => expect(message.disabled).toBe(true));
    expect(message.getAttribute('aria-busy')).toBe('true');
    answer({ status: 200, body: { conversation: makeConversation() } });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/conversation/${CONVERSATION_ID}`));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v1/conversations')!;
    expect(JSON.parse(String(init?.body))).toEqual({ userId: TRADESPERSON_ID, jobId: JOB_ID });
  });

  it('validates the quote form with the first message only', async () => {
    const { fetchMock } = openJob(
      makeJobDetail({
        viewer: { relation: 'tradesperson', canQuote: true, cannotQuoteReason: null, myQuote: null },
      }),
      {},
      tradesperson,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Quote' }));
    await waitFor(() => expect(showError).toHaveBeenCalledTimes(1));
    expect(showError).toHaveBeenCalledWith('Validation Error', QUOTE_MESSAGES.amountRequired);

    vi.mocked(showError).mockClear();
    fireEvent.change(screen.getByLabelText(/^Your price/), { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Quote' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Validation Error', QUOTE_MESSAGES.amountInvalid),
    );
    expect((screen.getByLabelText(/^Your price/) as HTMLInputElement).value).toBe('12.345');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the quote form’s messages next to their fields and focuses the first', async () => {
    openJob(
      makeJobDetail({
        viewer: { relation: 'tradesperson', canQuote: true, cannotQuoteReason: null, myQuote: null },
      }),
      {},
      tradesperson,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Quote' }));
    await waitFor(() =>
      expectFieldError(screen.getByLabelText(/^Your price/), QUOTE_MESSAGES.amountRequired),
    );
    expectFieldError(screen.getByLabelText(/^Message to the customer/), QUOTE_MESSAGES.messageRequired);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Your price/)));
  });

  it('marks the quote field the server refuses and keeps what was typed', async () => {
    openJob(
      makeJobDetail({
        viewer: { relation: 'tradesperson', canQuote: true, cannotQuoteReason: null, myQuote: null },
      }),
      {
        [`POST /api/v1/jobs/${JOB_ID}/quotes`]: () =>
          validationErrorReply('amount', QUOTE_MESSAGES.amountTooLarge),
      },
      tradesperson,
    );
    fireEvent.change(await screen.findByLabelText(/^Your price/), { target: { value: '250' } });
    fireEvent.change(screen.getByLabelText(/^Message to the customer/), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Quote' }));
    await waitFor(() =>
      expectFieldError(screen.getByLabelText(/^Your price/), QUOTE_MESSAGES.amountTooLarge),
    );
    expect(showError).toHaveBeenCalledWith('Validation Error', QUOTE_MESSAGES.amountTooLarge);
    expect((screen.getByLabelText(/^Message to the customer/) as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('submits a quote in pounds and says Quote submitted!', async () => {
    const { fetchMock } = openJob(
      makeJobDetail({
        viewer: { relation: 'tradesperson', canQuote: true, cannotQuoteReason: null, myQuote: null },
      }),
      { [`POST /api/v1/jobs/${JOB_ID}/quotes`]: () => ({ status: 201, body: { quote: makeQuote() } }) },
      tradesperson,
    );
    fireEvent.change(await screen.findByLabelText(/^Your price/), { target: { value: '249.99' } });
    fireEvent.change(screen.getByLabelText(/^Message to the customer/), {
      target: { value: ' I can fix it on Monday. ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Quote' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Quote submitted!'));
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith(`/jobs/${JOB_ID}/quotes`));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      amount: '249.99',
      message: 'I can fix it on Monday.',
    });
  });

  it('shows the server’s reason when a quote is refused', async () => {
    openJob(
      makeJobDetail({
        viewer: { relation: 'tradesperson', canQuote: true, cannotQuoteReason: null, myQuote: null },
      }),
      {
        [`POST /api/v1/jobs/${JOB_ID}/quotes`]: () => ({
          status: 409,
          body: { error: { code: 'quote_limit', message: MARKET_MESSAGES.quoteLimit } },
        }),
      },
      tradesperson,
    );
    fireEvent.change(await screen.findByLabelText(/^Your price/), { target: { value: '250' } });
    fireEvent.change(screen.getByLabelText(/^Message to the customer/), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Quote' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error', MARKET_MESSAGES.quoteLimit));
    const form = screen.getByRole('button', { name: 'Submit Quote' }).closest('form')!;
    expect(form.textContent).toContain(MARKET_MESSAGES.quoteLimit);
    expect((screen.getByLabelText(/^Your price/) as HTMLInputElement).value).toBe('250');
  });

  it('explains why a tradesperson cannot quote', async () => {
    openJob(
      makeJobDetail({
        viewer: {
          relation: 'tradesperson',
          canQuote: false,
          cannotQuoteReason: MARKET_MESSAGES.needsTrade,
          myQuote: null,
        },
      }),
      {},
      tradesperson,
    );
    expect(await screen.findByText(MARKET_MESSAGES.needsTrade)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Quote' })).toBeNull();
  });

  it('lets a tradesperson revise and withdraw a pending quote', async () => {
    const mine = makeQuote();
    const { fetchMock } = openJob(
      makeJobDetail({
        quotes: [mine],
        viewer: { relation: 'tradesperson', canQuote: false, cannotQuoteReason: null, myQuote: mine },
      }),
      {
        [`PATCH /api/v1/quotes/${QUOTE_ID}`]: () => ({ status: 200, body: { quote: mine } }),
        [`POST /api/v1/quotes/${QUOTE_ID}/withdraw`]: () => ({ status: 200, body: { quote: mine } }),
      },
      tradesperson,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Revise quote' }));
    const amount = screen.getByLabelText(/^Your price/) as HTMLInputElement;
    expect(amount.value).toBe('249.99');
    fireEvent.change(amount, { target: { value: '230' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save revision' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Quote revised'));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      amount: '230',
      message: 'I can fix it on Monday.',
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw quote' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw quote' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Quote withdrawn'));
  });
});
