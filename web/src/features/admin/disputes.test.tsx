// @vitest-environment happy-dom
import { DISPUTE_MESSAGES, DISPUTE_RESOLUTION_LABELS } from '@domain/disputes/messages';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toast';
import { seriousAxeViolations } from '@/test/axe';
import type { Reply } from '@/test/render';
import { makeUser, renderApp, resetBetweenTests } from '@/test/render';
import { bodiesSentTo, requestsTo } from '@/test/requests';
import { DISPUTE_ID, makeDisputeDetail, makeDisputeSummary, NOW } from './test-dispute-fixtures';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const admin = makeUser({ isAdmin: true, fullName: 'Ada Admin' });
const DETAIL = `/api/v1/admin/disputes/${DISPUTE_ID}`;
const RESOLVE = `/api/v1/admin/disputes/${DISPUTE_ID}/resolve`;
const MESSAGES = `/api/v1/disputes/${DISPUTE_ID}/messages`;

type Handler = (url: URL, init: RequestInit | undefined) => Reply;

/**
 * fetch replaced by a table of 'METHOD /api/v1/path' handlers that also see the query string (the
 * queue's tabs); anything else answers the server's JSON 404.
 */
function mockServer(user: ReturnType<typeof makeUser> | null, handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const reply: Reply =
      key === 'GET /api/v1/auth/session'
        ? { status: 200, body: { user } }
        : (handlers[key]?.(url, init) ?? {
            status: 404,
            body: { error: { code: 'not_found', message: 'Not found' } },
          });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  // Only the clock: ages and deadlines are counted from NOW; timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  resetBetweenTests();
  vi.useRealTimers();
});

/** The case file once resolved on 20 Nov 2026: nothing is held any more. */
const resolvedDetail = (overrides: Parameters<typeof makeDisputeDetail>[0]) =>
  makeDisputeDetail({ status: 'resolved', heldPence: 0, resolvedAt: '2026-11-20T12:00:00Z', ...overrides });

const awaiting = makeDisputeSummary();
const underReview = makeDisputeSummary({
  id: '80000000-0000-4000-8000-000000000002',
  job: { id: '10000000-0000-4000-8000-000000000002', title: 'Rewire the kitchen' },
  status: 'under_review',
  reason: 'Payment issue',
  raisedBy: { id: '00000000-0000-4000-8000-000000000002', name: 'Tom Pipes', role: 'tradesperson' },
  respondent: { id: '00000000-0000-4000-8000-000000000003', name: null, role: 'customer' },
  createdAt: '2026-11-20T07:00:00Z',
  responseDueAt: null,
  heldPence: 123_456,
});

/** One dispute's card in the queue, by its job's title. */
async function row(title: string) {
  const link = await screen.findByRole('link', { name: title }, { timeout: 5000 });
  return within(link.closest('article') as HTMLElement);
}

describe('the disputes queue (/admin/disputes)', () => {
  it('lists the active disputes with who raised them, their age, deadline and the money held', async () => {
    const fetchMock = mockServer(admin, {
      'GET /api/v1/admin/disputes': (url) => ({
        status: 200,
        body: { disputes: url.searchParams.get('status') === 'active' ? [awaiting, underReview] : [] },
      }),
    });
    renderApp('/admin/disputes');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dispute Management' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect((await screen.findByRole('tab', { name: /Active/, selected: true })).textContent).toContain('(2)');

    const first = await row('Fix a leaking tap');
    expect(first.getByRole('link', { name: 'Fix a leaking tap' }).getAttribute('href')).toBe(
      `/admin/disputes/${DISPUTE_ID}`,
    );
    expect(first.getByText('Poor quality of work')).toBeTruthy();
    const raised = first.getByText(/^Raised by/).textContent?.replace(/\s+/g, ' ');
    expect(raised).toBe('Raised by Ann Smith (customer) against Tom Pipes (tradesperson)');
    expect(first.getByText('Awaiting response')).toBeTruthy();
    // Raised 17 Nov 09:00, now 20 Nov 12:00; due 24 Nov 09:00.
    expect(first.getByText('3 days')).toBeTruthy();
    expect(first.getByText('Response due in 3 days')).toBeTruthy();
    expect(first.getByText('£400.00')).toBeTruthy();

    const second = await row('Rewire the kitchen');
    expect(second.getByText('Under review')).toBeTruthy();
    expect(second.getByText('5 hours')).toBeTruthy();
    expect(second.getByText('£1,234.56')).toBeTruthy();
    expect(second.getByText(/^Raised by/).textContent?.replace(/\s+/g, ' ')).toBe(
      'Raised by Tom Pipes (tradesperson) against Deleted user (customer)',
    );
    // No deadline once the dispute is under review.
    expect(second.queryByText(/Response due/)).toBeNull();

    // Oldest first, as the server sends them.
    const titles = within(screen.getByRole('list', { name: 'Open disputes' }))
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['Fix a leaking tap', 'Rewire the kitchen']);
    expect(requestsTo(fetchMock, 'GET /api/v1/admin/disputes').length).toBeGreaterThan(0);
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('says when no dispute is open', async () => {
    mockServer(admin, { 'GET /api/v1/admin/disputes': () => ({ status: 200, body: { disputes: [] } }) });
    renderApp('/admin/disputes');
    expect(await screen.findByText('No open disputes', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Active/ }).textContent).toContain('(0)');
  });

  it('says so when the queue cannot be loaded, and tries again', async () => {
    let fail = true;
    mockServer(admin, {
      'GET /api/v1/admin/disputes': () =>
        fail
          ? { status: 500, body: { error: { code: 'internal_error', message: 'Something went wrong' } } }
          : { status: 200, body: { disputes: [awaiting] } },
    });
    renderApp('/admin/disputes');
    expect(
      await screen.findByText('We could not load the open disputes.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await row('Fix a leaking tap')).toBeTruthy();
  });

  it('lists resolved disputes on their tab with the outcome, and keeps the tab in the URL', async () => {
    const resolved = makeDisputeSummary({
      status: 'resolved',
      responseDueAt: null,
      heldPence: 0,
      resolution: 'split',
      resolvedAt: '2026-11-19T16:00:00Z',
    });
    mockServer(admin, {
      'GET /api/v1/admin/disputes': (url) => ({
        status: 200,
        body: { disputes: url.searchParams.get('status') === 'resolved' ? [resolved] : [] },
      }),
    });
    const { router } = renderApp('/admin/disputes?status=resolved');
    expect(
      await screen.findByRole('tab', { name: 'Resolved', selected: true }, { timeout: 5000 }),
    ).toBeTruthy();
    const card = await row('Fix a leaking tap');
    expect(card.getByText('Resolved')).toBeTruthy();
    expect(card.getByText(`${DISPUTE_RESOLUTION_LABELS.split}, 19 Nov 2026`)).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('tab', { name: /Active/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('No open disputes')).toBeTruthy();
  });

  it('sends customers and tradespeople away from the queue and the case file without asking the admin API', async () => {
    for (const path of ['/admin/disputes', `/admin/disputes/${DISPUTE_ID}`]) {
      for (const userType of ['customer', 'tradesperson'] as const) {
        const fetchMock = mockServer(makeUser({ userType }), {});
        const { router } = renderApp(path);
        await waitFor(() => expect(router.state.location.pathname).not.toMatch(/^\/admin/), {
          timeout: 5000,
        });
        const asked = fetchMock.mock.calls.map(([input]) => String(input));
        expect(asked.filter((url) => url.includes('/api/v1/admin'))).toEqual([]);
        cleanup();
        vi.unstubAllGlobals();
      }
    }
  });
});

/** The case file, loaded. */
async function openCaseFile() {
  return screen.findByRole('heading', { level: 1, name: 'Fix a leaking tap' }, { timeout: 5000 });
}

const region = (name: string | RegExp) => within(screen.getByRole('region', { name }));

async function chooseResolution(label: string) {
  const form = within(await screen.findByRole('form', { name: 'Resolve the dispute' }));
  const group = within(form.getByRole('group', { name: /Resolution/ }));
  fireEvent.click(group.getByRole('radio', { name: label }));
  return form;
}

describe('a dispute’s case file (/admin/disputes/:id)', () => {
  it('shows the booking, both parties, what each said, the evidence, their conversation and the money', async () => {
    mockServer(admin, { [`GET ${DETAIL}`]: () => ({ status: 200, body: { dispute: makeDisputeDetail() } }) });
    renderApp(`/admin/disputes/${DISPUTE_ID}`);
    await openCaseFile();

    const booking = region('Booking');
    const fact = (term: string) =>
      booking.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Amount')).toBe('£400.00');
    expect(fact('Held now')).toBe('£400.00');
    expect(fact('Scheduled')).toBe('10 Nov 2026');
    expect(fact('Completed')).toBe('12 Nov 2026');
    expect(booking.getByText('Disputed')).toBeTruthy();

    const people = region('People');
    expect(people.getByRole('link', { name: 'Ann Smith' }).getAttribute('href')).toBe(
      '/admin/users/00000000-0000-4000-8000-000000000001',
    );
    expect(people.getByRole('link', { name: 'Tom Pipes' }).getAttribute('href')).toBe(
      '/admin/users/00000000-0000-4000-8000-000000000002',
    );
    expect(people.getByText('raised the dispute')).toBeTruthy();

    const progress = region('Progress');
    const steps = progress.getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('p')?.textContent)).toEqual([
      'Open',
      'Awaiting response',
      'Under review (now)',
      'Resolved',
    ]);
    expect(steps[2]?.getAttribute('aria-current')).toBe('step');
    expect(within(steps[3] as HTMLElement).getByText('Not yet')).toBeTruthy();

    const said = region('What each side says');
    expect(said.getByText(/The tap still leaks/)).toBeTruthy();
    expect(said.getByText(/I replaced the washer/)).toBeTruthy();

    const evidence = region('Evidence (2)');
    const photo = evidence.getByRole('img', { name: 'Photo: Water under the sink' });
    expect(photo.getAttribute('src')).toBe('/api/v1/files/disputes/leak.jpg');
    expect(photo.closest('a')?.className).toContain('aspect-[4/3]');
    expect(evidence.getByText('The new washer is the right size; see the invoice.')).toBeTruthy();

    const conversation = within(screen.getByRole('list', { name: 'Messages between them' }));
    expect(conversation.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Could you come on Tuesday?'),
      expect.stringContaining('Tuesday at 9 works.'),
    ]);

    const money = region('Payments');
    expect(money.getByText('Held').nextElementSibling?.textContent).toBe('£400.00');
    expect(money.getByText('Paid £400.00')).toBeTruthy();
    expect(money.getByText('Held until 20 Nov 2026')).toBeTruthy();

    const thread = region('Dispute thread (1)');
    expect(thread.getByText('Can someone look at this soon?')).toBeTruthy();

    // Money is held: the three ways to move it, not the closing note.
    const form = within(screen.getByRole('form', { name: 'Resolve the dispute' }));
    expect(form.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual([
      'release_to_tradesperson',
      'refund_customer',
      'split',
    ]);
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('releases everything held to the tradesperson after a confirmation that says what moves', async () => {
    let detail = makeDisputeDetail();
    const fetchMock = mockServer(admin, {
      [`GET ${DETAIL}`]: () => ({ status: 200, body: { dispute: detail } }),
      [`POST ${RESOLVE}`]: () => {
        detail = resolvedDetail({
          resolution: 'release_to_tradesperson',
          resolvedBy: { id: '00000000-0000-4000-8000-0000000000ad', name: 'Ada Admin' },
          resolutionNote: 'The leak is from a different pipe.',
          refundPence: 0,
          releasePence: 40_000,
          canAdd: false,
        });
        return { status: 200, body: { dispute: detail } };
      },
    });
    renderApp(`/admin/disputes/${DISPUTE_ID}`);
    await openCaseFile();
    const form = await chooseResolution(DISPUTE_RESOLUTION_LABELS.release_to_tradesperson);

    // The note is required: refused here, nothing sent.
    fireEvent.click(form.getByRole('button', { name: 'Resolve dispute…' }));
    const note = form.getByRole('textbox', { name: /Note/ });
    expect(await form.findByText(DISPUTE_MESSAGES.noteRequired)).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(note.getAttribute('aria-describedby')).toContain(
      form.getByText(DISPUTE_MESSAGES.noteRequired).closest('p')?.id,
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(note, { target: { value: '  The leak is from a different pipe.  ' } });
    fireEvent.click(form.getByRole('button', { name: 'Resolve dispute…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve this dispute?' }));
    expect(dialog.getByText(/is released to Tom Pipes/).textContent).toContain('£400.00');
    expect(dialog.queryByText(/is refunded to/)).toBeNull();
    expect(bodiesSentTo(fetchMock, `POST ${RESOLVE}`)).toEqual([]);
    // The dialog alone: Radix hides the page behind it, its focus guards included.
    expect(await seriousAxeViolations(screen.getByRole('dialog'))).toEqual([]);

    fireEvent.click(dialog.getByRole('button', { name: 'Resolve dispute' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith(DISPUTE_MESSAGES.resolved, '£400.00 released to Tom Pipes.'),
    );
    expect(bodiesSentTo(fetchMock, `POST ${RESOLVE}`)).toEqual([
      { resolution: 'release_to_tradesperson', note: 'The leak is from a different pipe.' },
    ]);
    // The form gives way to the outcome, which takes the focus.
    const outcome = await screen.findByRole('heading', {
      level: 2,
      name: `Outcome: ${DISPUTE_RESOLUTION_LABELS.release_to_tradesperson}`,
    });
    expect(screen.queryByRole('form', { name: 'Resolve the dispute' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(outcome));
    const result = within(outcome.closest('section') as HTMLElement);
    expect(result.getByText('Released to Tom Pipes').nextElementSibling?.textContent).toBe('£400.00');
    expect(result.getByText('The leak is from a different pipe.')).toBeTruthy();
    expect(result.getByText('by Ada Admin')).toBeTruthy();
    expect(screen.getByText(DISPUTE_MESSAGES.closed)).toBeTruthy();
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('refuses a split that does not add up to what is held, in the server’s words, and sends nothing', async () => {
    const fetchMock = mockServer(admin, {
      [`GET ${DETAIL}`]: () => ({ status: 200, body: { dispute: makeDisputeDetail() } }),
    });
    renderApp(`/admin/disputes/${DISPUTE_ID}`);
    await openCaseFile();
    const form = await chooseResolution(DISPUTE_RESOLUTION_LABELS.split);
    const refund = form.getByRole('textbox', { name: /Refund to Ann Smith/ });
    const release = form.getByRole('textbox', { name: /Release to Tom Pipes/ });
    fireEvent.change(refund, { target: { value: '150' } });
    fireEvent.change(release, { target: { value: '200' } });
    expect(form.getByText('£50.00 of the £400.00 held is still to assign.')).toBeTruthy();
    fireEvent.change(form.getByRole('textbox', { name: /Note/ }), { target: { value: 'Half and half.' } });
    fireEvent.click(form.getByRole('button', { name: 'Resolve dispute…' }));
    // Focus moves at once, not a frame later: an amount typed straight away into the other box stays
    // there instead of the focus jumping to the first box under the typing.
    expect(document.activeElement).toBe(refund);

    const message = await form.findByText(DISPUTE_MESSAGES.splitMustAddUp);
    const messageId = message.closest('p')?.id as string;
    expect(refund.getAttribute('aria-describedby')).toContain(messageId);
    expect(release.getAttribute('aria-describedby')).toContain(messageId);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await seriousAxeViolations()).toEqual([]);

    // Not an amount, and one side left empty: refused too.
    fireEvent.change(release, { target: { value: '2.505' } });
    fireEvent.click(form.getByRole('button', { name: 'Resolve dispute…' }));
    expect(await form.findByText('Please enter an amount in pounds, such as 25.00')).toBeTruthy();
    fireEvent.change(release, { target: { value: '' } });
    fireEvent.click(form.getByRole('button', { name: 'Resolve dispute…' }));
    expect(await form.findByText(DISPUTE_MESSAGES.splitNeedsBoth)).toBeTruthy();

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodiesSentTo(fetchMock, `POST ${RESOLVE}`)).toEqual([]);
  });

  it('sends a split that adds up as exact pence for each side', async () => {
    const fetchMock = mockServer(admin, {
      [`GET ${DETAIL}`]: () => ({ status: 200, body: { dispute: makeDisputeDetail({ heldPence: 40_001 }) } }),
      [`POST ${RESOLVE}`]: () => ({
        status: 200,
        body: {
          dispute: resolvedDetail({
            resolution: 'split',
            resolutionNote: 'Split for the part done.',
            refundPence: 15_010,
            releasePence: 24_991,
          }),
        },
      }),
    });
    renderApp(`/admin/disputes/${DISPUTE_ID}`);
    await openCaseFile();
    const form = await chooseResolution(DISPUTE_RESOLUTION_LABELS.split);
    // 0.1 and 0.7 are where floating point goes wrong (150.10 × 100 is 15009.999…).
    fireEvent.change(form.getByRole('textbox', { name: /Refund to Ann Smith/ }), {
      target: { value: '150.1' },
    });
    fireEvent.change(form.getByRole('textbox', { name: /Release to Tom Pipes/ }), {
      target: { value: '£249.91' },
    });
    expect(form.getByText('Adds up to the £400.01 held.')).toBeTruthy();
    expect(await seriousAxeViolations()).toEqual([]);
    fireEvent.change(form.getByRole('textbox', { name: /Note/ }), {
      target: { value: 'Split for the part done.' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Resolve dispute…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve this dispute?' }));
    expect(dialog.getByText(/is refunded to Ann Smith/).textContent).toContain('£150.10');
    expect(dialog.getByText(/is released to Tom Pipes/).textContent).toContain('£249.91');
    fireEvent.click(dialog.getByRole('button', { name: 'Resolve dispute' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalled());
    expect(bodiesSentTo(fetchMock, `POST ${RESOLVE}`)).toEqual([
      { resolution: 'split', refundPence: 15_010, releasePence: 24_991, note: 'Split for the part done.' },
    ]);
    const outcome = await screen.findByRole('heading', {
      name: `Outcome: ${DISPUTE_RESOLUTION_LABELS.split}`,
    });
    const result = within(outcome.closest('section') as HTMLElement);
    expect(result.getByText('Refunded to Ann Smith').nextElementSibling?.textContent).toBe('£150.10');
  });

  it('shows the server’s words when the dispute was resolved meanwhile (409), and reloads it', async () => {
    let resolvedElsewhere = false;
    const fetchMock = mockServer(admin, {
      [`GET ${DETAIL}`]: () => ({
        status: 200,
        body: {
          dispute: resolvedElsewhere
            ? makeDisputeDetail({
                status: 'resolved',
                heldPence: 0,
                resolution: 'refund_customer',
                resolvedAt: '2026-11-20T11:59:00Z',
                resolutionNote: 'Refunded by a colleague.',
                refundPence: 40_000,
                releasePence: 0,
              })
            : makeDisputeDetail(),
        },
      }),
      [`POST ${RESOLVE}`]: () => {
        resolvedElsewhere = true;
        return {
          status: 409,
          body: { error: { code: 'dispute_state', message: DISPUTE_MESSAGES.resolvedAlready } },
        };
      },
    });
    renderApp(`/admin/disputes/${DISPUTE_ID}`);
    await openCaseFile();
    const form = await chooseResolution(DISPUTE_RESOLUTION_LABELS.refund_customer);
    fireEvent.change(form.getByRole('textbox', { name: /Note/ }), { target: { value: 'Work not done.' } });
    fireEvent.click(form.getByRole('button', { name: 'Resolve dispute…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve this dispute?' }));
    expect(dialog.getByText(/is refunded to Ann Smith/).textContent).toContain('£400.00');
    fireEvent.click(dialog.getByRole('button', { name: 'Resolve dispute' }));

    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error', DISPUTE_MESSAGES.resolvedAlready));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await screen.findByRole('heading', { name: `Outcome: ${DISPUTE_RESOLUTION_LABELS.refund_customer}` }),
    ).toBeTruthy();
    expect(screen.getByText('Refunded by a colleague.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe(
        `Outcome: ${DISPUTE_RESOLUTION_LABELS.refund_customer}`,
      ),
    );
    expect(requestsTo(fetchMock, `GET ${DETAIL}`).length).toBe(2);
    expect(showSuccess).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of the amounts beside them (400)', async () => {
    mockServer(admin, {
      [`GET ${DETAIL}`]: () => ({ status: 200, body: { dispute: makeDisputeDetail() } }),
      [`POST ${RESOLVE}`]: () => ({
        status: 400,
        body: {
          error: {
            code: 'validation_error',
            message: DISPUTE_MESSAGES.splitMustAddUp,
            details: [
              { field: 'refundPence', message: DISPUTE_MESSAGES.splitMustAddUp },
              { field: 'releasePence', message: DISPUTE_MESSAGES.splitMustAddUp },
            ],
          },
        },
      }),
    });
    renderApp(`/admin/disputes/${DISPUTE_ID}`);
    await openCaseFile();
    const form = await chooseResolution(DISPUTE_RESOLUTION_LABELS.split);
    fireEvent.change(form.getByRole('textbox', { name: /Refund to Ann Smith/ }), {
      target: { value: '100' },
    });
    fireEvent.change(form.getByRole('textbox', { name: /Release to Tom Pipes/ }), {
      target: { value: '300' },
    });
    fireEvent.change(form.getByRole('textbox', { name: /Note/ }), { target: { value: 'A fair split.' } });
    fireEvent.click(form.getByRole('button', { name: 'Resolve dispute…' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resolve dispute' }),
    );
    expect(await form.findByText(DISPUTE_MESSAGES.splitMustAddUp)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for a resolution before anything else', async () => {
    mockServer(admin, { [`GET ${DETAIL}`]: () => ({ status: 200, body: { dispute: makeDisputeDetail() } }) });
    renderApp(`/admin/disputes/${DISPUTE_ID}`);
    await openCaseFile();
    const form = within(screen.getByRole('form', { name: 'Resolve the dispute' }));
    fireEvent.click(form.getByRole('button', { name: 'Resolve dispute…' }));
    expect(await form.findByText(DISPUTE_MESSAGES.resolutionRequired)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(form.getAllByRole('radio')[0]));
  });

  it('offers only a closing note when nothing is held', async () => {
    const fetchMock = mockServer(admin, {
      [`GET ${DETAIL}`]: () => ({ status: 200, body: { dispute: makeDisputeDetail({ heldPence: 0 }) } }),
      [`POST ${RESOLVE}`]: () => ({
        status: 200,
        body: {
          dispute: resolvedDetail({
            resolution: 'no_money_held',
            resolutionNote: 'Sorted out between them.',
            refundPence: 0,
            releasePence: 0,
          }),
        },
      }),
    });
    renderApp(`/admin/disputes/${DISPUTE_ID}`);
    await openCaseFile();
    const form = within(screen.getByRole('form', { name: 'Resolve the dispute' }));
    const radios = form.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => [r.value, r.checked])).toEqual([['no_money_held', true]]);
    expect(form.getByText(DISPUTE_MESSAGES.nothingHeld)).toBeTruthy();
    fireEvent.change(form.getByRole('textbox', { name: /Note/ }), {
      target: { value: 'Sorted out between them.' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Resolve dispute…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve this dispute?' }));
    expect(dialog.getByText(/No money moves/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Resolve dispute' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, `POST ${RESOLVE}`)).toEqual([
        { resolution: 'no_money_held', note: 'Sorted out between them.' },
      ]),
    );
  });

  it('posts a message to the thread as TradeNest support and reloads the case file', async () => {
    let detail = makeDisputeDetail();
    const fetchMock = mockServer(admin, {
      [`GET ${DETAIL}`]: () => ({ status: 200, body: { dispute: detail } }),
      [`POST ${MESSAGES}`]: () => {
        detail = makeDisputeDetail({
          messages: [
            ...detail.messages,
            {
              id: 'a0000000-0000-4000-8000-000000000002',
              author: { id: admin.id, name: 'Ada Admin', role: 'admin' },
              body: 'Please both send photos of the pipe.',
              createdAt: '2026-11-20T12:00:00Z',
            },
          ],
        });
        const { customer: _c, tradesperson: _t, booking: _b, ...partiesView } = detail;
        return { status: 201, body: { dispute: partiesView } };
      },
    });
    renderApp(`/admin/disputes/${DISPUTE_ID}`);
    await openCaseFile();
    const thread = region('Dispute thread (1)');
    const box = thread.getByRole('textbox', { name: 'Message to both parties' });
    fireEvent.click(thread.getByRole('button', { name: 'Send message' }));
    expect(await thread.findByText(DISPUTE_MESSAGES.messageRequired)).toBeTruthy();
    fireEvent.change(box, { target: { value: ' Please both send photos of the pipe. ' } });
    fireEvent.click(thread.getByRole('button', { name: 'Send message' }));
    expect(
      await screen.findByText('Please both send photos of the pipe.', { selector: 'li p' }),
    ).toBeTruthy();
    expect(bodiesSentTo(fetchMock, `POST ${MESSAGES}`)).toEqual([
      { body: 'Please both send photos of the pipe.' },
    ]);
    expect(screen.getByText('Ada Admin (TradeNest support)')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(requestsTo(fetchMock, `GET ${DETAIL}`).length).toBe(2);
  });

  it('says when there is no such dispute', async () => {
    mockServer(admin, {});
    renderApp(`/admin/disputes/${DISPUTE_ID}`);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: DISPUTE_MESSAGES.disputeNotFound },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
  });
});
