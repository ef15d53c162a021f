// @vitest-environment happy-dom
import { REVIEW_MESSAGES, REVIEW_REPORT_REASON_LABELS, REVIEW_RULES } from '@domain/reviews/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toast';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { bodiesSentTo } from '@/test/requests';
import { findArticle } from '@/test/screen';
import { makeReportedReview, makeReviewReports, REVIEW_ID, TRADESPERSON_ID } from './test-fixtures';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const admin = makeUser({ isAdmin: true, fullName: 'Ada Admin' });
const QUEUE = 'GET /api/v1/admin/reviews';
const moderatePath = (id: string) => `POST /api/v1/admin/reviews/${id}/moderate`;

const abusive = makeReportedReview();
const offTopic = makeReportedReview({
  id: '60000000-0000-4000-8000-000000000002',
  rating: 2,
  comment: 'My neighbour’s builder was better.',
  reply: null,
  reviewer: { id: '00000000-0000-4000-8000-000000000003', name: 'Cal Cole', userType: 'customer' },
  reports: [
    {
      id: '70000000-0000-4000-8000-000000000002',
      reason: 'not_about_job',
      details: null,
      createdAt: '2026-11-13T08:00:00Z',
      reporter: { id: '00000000-0000-4000-8000-000000000004', name: null },
      outcome: null,
      decidedAt: null,
    },
  ],
});

afterEach(resetBetweenTests);

async function openDialog(review: ReturnType<typeof within>, button: string, title: string) {
  fireEvent.click(review.getByRole('button', { name: button }));
  return within(await screen.findByRole('dialog', { name: title }));
}

describe('reported reviews (/admin/reviews)', () => {
  it('lists each reported review with who reviewed whom, the job, its words and every report', async () => {
    mockApi({
      ...sessionHandler(admin),
      [QUEUE]: () => ({ status: 200, body: makeReviewReports([abusive, offTopic]) }),
    });
    renderApp('/admin/reviews');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reported Reviews' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect((await screen.findByRole('tab', { name: /Open/, selected: true })).textContent).toContain('(2)');
    const review = await findArticle('Ann Smith reviewed Tom Pipes');
    expect(review.getByRole('link', { name: 'Fix a leaking tap' }).getAttribute('href')).toBe(
      `/job/${abusive.job.id}`,
    );
    expect(review.getByRole('img', { name: 'Rated 1 out of 5' })).toBeTruthy();
    expect(review.getByText('Useless, and rude with it.')).toBeTruthy();
    expect(review.getByText('Reply from Tom Pipes')).toBeTruthy();
    expect(review.getByText('I was never rude.')).toBeTruthy();
    expect(review.getByText('Published')).toBeTruthy();
    expect(review.getByRole('link', { name: 'Ann Smith' }).getAttribute('href')).toBe(
      `/admin/users/${abusive.reviewer.id}`,
    );
    const reports = within(review.getByRole('region', { name: 'Reports (1)' }));
    expect(reports.getByText(REVIEW_REPORT_REASON_LABELS.abusive)).toBeTruthy();
    expect(reports.getByText('Calls me names.')).toBeTruthy();
    expect(reports.getByRole('link', { name: 'Tom Pipes' }).getAttribute('href')).toBe(
      `/admin/users/${TRADESPERSON_ID}`,
    );
    expect(reports.getByText(/12 Nov 2026, 10:30/)).toBeTruthy();
    expect(reports.getByText('Open')).toBeTruthy();

    const other = await findArticle('Cal Cole reviewed Tom Pipes');
    expect(other.getByText(REVIEW_REPORT_REASON_LABELS.not_about_job)).toBeTruthy();
    expect(other.getByText('Deleted user')).toBeTruthy();
    // Oldest report first, as the server sends them.
    const names = within(screen.getByRole('list', { name: 'Reported reviews' }))
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent?.replace(/\s+/g, ' '));
    expect(names).toEqual(['Ann Smith → reviewed Tom Pipes', 'Cal Cole → reviewed Tom Pipes']);
  });

  it('hides a review with a reason, checked first with the server’s words, and it leaves the list', async () => {
    let queue = makeReviewReports([abusive, offTopic]);
    const fetchMock = mockApi({
      ...sessionHandler(admin),
      [QUEUE]: () => ({ status: 200, body: queue }),
      [moderatePath(REVIEW_ID)]: () => {
        queue = makeReviewReports([offTopic]);
        return {
          status: 200,
          body: { review: { ...abusive, status: 'hidden', hiddenReason: 'Personal abuse.' } },
        };
      },
    });
    renderApp('/admin/reviews');
    const review = await findArticle('Ann Smith reviewed Tom Pipes');
    const dialog = await openDialog(review, 'Hide review by Ann Smith of Tom Pipes', 'Hide this review?');
    const reason = dialog.getByRole('textbox', { name: /Reason/ });

    // Too short, then too long: refused here, nothing sent.
    fireEvent.change(reason, { target: { value: 'Rude' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Hide review' }));
    expect(await dialog.findByText(REVIEW_MESSAGES.hideReasonRequired)).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(reason, { target: { value: 'x'.repeat(REVIEW_RULES.hideReasonMax + 1) } });
    fireEvent.click(dialog.getByRole('button', { name: 'Hide review' }));
    expect(await dialog.findByText(REVIEW_MESSAGES.hideReasonTooLong)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, moderatePath(REVIEW_ID))).toEqual([]);

    fireEvent.change(reason, { target: { value: '  Personal abuse.  ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Hide review' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith(
        'Review hidden',
        'Ann Smith’s review of Tom Pipes no longer shows anywhere or counts towards the rating.',
      ),
    );
    expect(bodiesSentTo(fetchMock, moderatePath(REVIEW_ID))).toEqual([
      { action: 'hide', reason: 'Personal abuse.' },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Ann Smith reviewed Tom Pipes' })).toBeNull(),
    );
    expect(screen.getByRole('heading', { name: 'Cal Cole reviewed Tom Pipes' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { name: /Open/ }).textContent).toContain('(1)'));
  });

  it('keeps a review with a reason', async () => {
    let queue = makeReviewReports([offTopic]);
    const fetchMock = mockApi({
      ...sessionHandler(admin),
      [QUEUE]: () => ({ status: 200, body: queue }),
      [moderatePath(offTopic.id)]: () => {
        queue = makeReviewReports([]);
        return { status: 200, body: { review: offTopic } };
      },
    });
    renderApp('/admin/reviews');
    const review = await findArticle('Cal Cole reviewed Tom Pipes');
    const dialog = await openDialog(review, 'Keep review by Cal Cole of Tom Pipes', 'Keep this review?');
    expect(dialog.getByText(/1 open report will be closed/)).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'It is about the job.' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Keep review' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith(
        'Review kept',
        'Cal Cole’s review of Tom Pipes stays published and its reports are closed.',
      ),
    );
    expect(bodiesSentTo(fetchMock, moderatePath(offTopic.id))).toEqual([
      { action: 'keep', reason: 'It is about the job.' },
    ]);
    expect(await screen.findByText('No reported reviews')).toBeTruthy();
  });

  it('closes the dialog on a 409 and shows the server’s words', async () => {
    mockApi({
      ...sessionHandler(admin),
      [QUEUE]: () => ({ status: 200, body: makeReviewReports([abusive]) }),
      [moderatePath(REVIEW_ID)]: () => ({
        status: 409,
        body: { error: { code: 'review_state', message: REVIEW_MESSAGES.alreadyHidden } },
      }),
    });
    renderApp('/admin/reviews');
    const review = await findArticle('Ann Smith reviewed Tom Pipes');
    const dialog = await openDialog(review, 'Hide review by Ann Smith of Tom Pipes', 'Hide this review?');
    fireEvent.change(dialog.getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Abusive words.' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Hide review' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error', REVIEW_MESSAGES.alreadyHidden));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(showSuccess).not.toHaveBeenCalled();
  });

  it('says when nothing is reported', async () => {
    mockApi({ ...sessionHandler(admin), [QUEUE]: () => ({ status: 200, body: makeReviewReports([]) }) });
    renderApp('/admin/reviews');
    expect(await screen.findByText('No reported reviews', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Nothing is waiting.')).toBeTruthy();
  });

  it('lists decisions on the Decided tab with each report’s outcome', async () => {
    const hidden = makeReportedReview({
      status: 'hidden',
      hiddenReason: 'Personal abuse.',
      reports: [{ ...abusive.reports[0]!, outcome: 'hidden', decidedAt: '2026-11-14T09:00:00Z' }],
    });
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/v1/auth/session') return json({ user: admin });
      if (url.pathname === '/api/v1/admin/reviews') {
        return json(
          url.searchParams.get('status') === 'decided'
            ? makeReviewReports([hidden], 0)
            : makeReviewReports([], 0),
        );
      }
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/admin/reviews?status=decided');
    expect(
      await screen.findByRole('tab', { name: 'Decided', selected: true }, { timeout: 5000 }),
    ).toBeTruthy();
    const review = await findArticle('Ann Smith reviewed Tom Pipes');
    expect(review.getByText('Hidden')).toBeTruthy();
    expect(review.getByText('Personal abuse.')).toBeTruthy();
    expect(review.getByText('Review hidden')).toBeTruthy();
    expect(review.getByText(/decided 14 Nov 2026/)).toBeTruthy();
    // Nothing left to decide on a hidden review.
    expect(review.queryByRole('button', { name: /^Hide review|^Keep review/ })).toBeNull();

    fireEvent.mouseDown(screen.getByRole('tab', { name: /Open/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
