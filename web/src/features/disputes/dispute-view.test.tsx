// @vitest-environment happy-dom
import type { DisputeDetail } from '@domain/disputes/api';
import { DISPUTE_MESSAGES } from '@domain/disputes/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toast';
import { seriousAxeViolations } from '@/test/axe';
import type { Reply } from '@/test/render';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { ADMIN_ID, ann, DISPUTE_ID, disputeReply, makeDispute, tom } from './test-fixtures';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

type Handler = (init: RequestInit | undefined) => Reply | Promise<Reply>;

const URL = `/api/v1/disputes/${DISPUTE_ID}`;
const annUser = makeUser();
const tomUser = makeUser({
  id: tom.id,
  fullName: 'Tom Pipes',
  email: 'tom@example.com',
  userType: 'tradesperson',
});

async function openDispute(dispute: DisputeDetail, user = annUser, handlers: Record<string, Handler> = {}) {
  const fetchMock = mockApi({
    ...sessionHandler(user),
    [`GET ${URL}`]: () => disputeReply(dispute),
    ...handlers,
  });
  renderApp(`/disputes/${DISPUTE_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Fix a leaking tap' }, { timeout: 5000 });
  const posts = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([url, init]) => ({ url: String(url), body: init!.body }));
  return { posts };
}

const steps = () =>
  within(screen.getByRole('list', { name: 'Dispute progress' }))
    .getAllByRole('listitem')
    .map((step) => ({
      text: step.textContent,
      current: step.getAttribute('aria-current') === 'step',
    }));

describe('a dispute’s page', () => {
  it('shows the header, the money frozen, the timeline with the deadline, and passes axe', async () => {
    await openDispute(makeDispute());
    expect(screen.getByText('Poor quality of work')).toBeTruthy();
    expect(screen.getByText('You on 1 Dec 2026, 10:00')).toBeTruthy();
    expect(screen.getByText('Tom Pipes (tradesperson)')).toBeTruthy();
    expect(screen.getByText('£1,234.50 frozen in escrow until this is resolved')).toBeTruthy();
    const timeline = steps();
    expect(timeline.map((s) => s.current)).toEqual([false, true, false, false]);
    expect(timeline[0]!.text).toContain('Open');
    expect(timeline[0]!.text).toContain('1 Dec 2026, 10:00');
    expect(timeline[1]!.text).toContain('Awaiting response');
    expect(timeline[1]!.text).toContain('Response due by 8 Dec 2026, 10:00');
    expect(timeline[2]!.text).toContain('Not yet');
    expect(timeline[3]!.text).toContain('Not yet');
    expect(screen.getByText(/The tap still drips after the repair/)).toBeTruthy();
    // Ann raised it: she waits for Tom's response and has no form for it.
    expect(screen.getByText('Waiting for a response, due by 8 Dec 2026, 10:00.')).toBeTruthy();
    expect(screen.getByText(/The other party has 7 days to respond/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send response' })).toBeNull();
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('gives the respondent the response form, with the messages from the contract', async () => {
    const responded = makeDispute({
      status: 'under_review',
      canRespond: false,
      response: 'The drip is from a different valve that was not part of the quote.',
      respondedAt: '2026-12-02T09:00:00.000Z',
      reviewStartedAt: '2026-12-02T09:00:00.000Z',
      responseDueAt: null,
      viewerRole: 'tradesperson',
    });
    const { posts } = await openDispute(
      makeDispute({ canRespond: true, viewerRole: 'tradesperson' }),
      tomUser,
      { [`POST ${URL}/response`]: () => disputeReply(responded) },
    );
    expect(screen.getByText(/Respond by 8 Dec 2026, 10:00/)).toBeTruthy();
    const box = screen.getByLabelText('Tell our team your side') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Too short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send response' }));
    expect(screen.getByText(DISPUTE_MESSAGES.responseTooShort)).toBeTruthy();
    expect(screen.getByText('Your response must be at least 20 characters')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'a'.repeat(1001) } });
    expect(screen.getByText('Your response must be less than 1000 characters')).toBeTruthy();
    expect(posts()).toHaveLength(0);
    fireEvent.change(box, {
      target: { value: '  The drip is from a different valve that was not part of the quote.  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send response' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(DISPUTE_MESSAGES.responded));
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.url).toBe(`${URL}/response`);
    expect(JSON.parse(String(posts()[0]!.body))).toEqual({
      response: 'The drip is from a different valve that was not part of the quote.',
    });
    // The answer replaces the page: the response is shown and the form is gone.
    expect(await screen.findByText(/different valve/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send response' })).toBeNull();
    expect(steps().map((s) => s.current)).toEqual([false, false, true, false]);
    expect(steps()[1]!.text).toContain('Responded 2 Dec 2026, 09:00');
  });

  it('says when no response came before the deadline', async () => {
    await openDispute(
      makeDispute({ status: 'under_review', reviewStartedAt: '2026-12-08T10:00:00.000Z' }),
      tomUser,
    );
    expect(screen.getByText('No response was given before the deadline.')).toBeTruthy();
    // The deadline has passed: what is left to say is that support is deciding.
    expect(screen.queryByText(/days to respond/)).toBeNull();
    expect(screen.getByText(/Our support team is reviewing the evidence/)).toBeTruthy();
    expect(steps()[1]!.text).toContain('No response by 8 Dec 2026, 10:00');
    expect(steps()[2]!.text).toContain('8 Dec 2026, 10:00');
  });

  it('posts a message to the thread and shows the thread oldest first, support named as such', async () => {
    const withMessages = (extra: DisputeDetail['messages']) =>
      makeDispute({
        messages: [
          {
            id: 'm2',
            author: { id: ADMIN_ID, name: 'Sam Admin', role: 'admin' },
            body: 'Could you both send photos?',
            createdAt: '2026-12-02T12:00:00.000Z',
          },
          {
            id: 'm1',
            author: tom,
            body: 'I can come back on Friday.',
            createdAt: '2026-12-02T08:00:00.000Z',
          },
          ...extra,
        ],
      });
    const { posts } = await openDispute(withMessages([]), annUser, {
      [`POST ${URL}/messages`]: () =>
        disputeReply(
          withMessages([
            { id: 'm3', author: ann, body: 'Photos attached.', createdAt: '2026-12-03T08:00:00.000Z' },
          ]),
          201,
        ),
    });
    const thread = () =>
      within(screen.getByRole('list', { name: 'Messages' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(thread()[0]).toContain('Tom Pipes');
    expect(thread()[0]).toContain('I can come back on Friday.');
    expect(thread()[1]).toContain('TradeNest support');
    expect(thread()[1]).not.toContain('Sam Admin');
    // An empty message is not sent.
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText(DISPUTE_MESSAGES.messageRequired)).toBeTruthy();
    expect(posts()).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: ' Photos attached. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(thread()).toHaveLength(3));
    expect(thread()[2]).toContain('You');
    expect(posts()).toEqual([{ url: `${URL}/messages`, body: JSON.stringify({ body: 'Photos attached.' }) }]);
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
  });

  it('adds a statement and a photo as evidence, and lists them with captions', async () => {
    const statement = {
      id: 'e1',
      kind: 'text' as const,
      text: 'The washer was replaced on 20 November.',
      photoUrl: null,
      width: null,
      height: null,
      author: ann,
      createdAt: '2026-12-01T11:00:00.000Z',
    };
    const photo = {
      id: 'e2',
      kind: 'photo' as const,
      text: 'Water under the sink',
      photoUrl: `/api/v1/disputes/${DISPUTE_ID}/evidence/e2/photo`,
      width: 1600,
      height: 1200,
      author: ann,
      createdAt: '2026-12-01T11:05:00.000Z',
    };
    const { posts } = await openDispute(makeDispute(), annUser, {
      [`POST ${URL}/evidence`]: () => disputeReply(makeDispute({ evidence: [statement] }), 201),
      [`POST ${URL}/evidence/photos`]: () => disputeReply(makeDispute({ evidence: [statement, photo] }), 201),
    });
    expect(screen.getByText('No evidence yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Statement'), { target: { value: statement.text } });
    fireEvent.click(screen.getByRole('button', { name: 'Add statement' }));
    expect(await screen.findByText(statement.text)).toBeTruthy();
    expect(posts()[0]).toEqual({ url: `${URL}/evidence`, body: JSON.stringify({ text: statement.text }) });

    // Not an image: refused before anything is sent.
    const fileInput = screen.getByLabelText(/^Photo/) as HTMLInputElement;
    const pdf = new File(['%PDF'], 'quote.pdf', { type: 'application/pdf' });
    fireEvent.change(fileInput, { target: { files: [pdf] } });
    expect(screen.getByText(DISPUTE_MESSAGES.photoType)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect(posts()).toHaveLength(1);

    const jpeg = new File(['jpeg-bytes'], 'sink.jpg', { type: 'image/jpeg' });
    fireEvent.change(fileInput, { target: { files: [jpeg] } });
    fireEvent.change(screen.getByLabelText(/Caption/), { target: { value: 'Water under the sink' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload photo' }));
    const image = (await screen.findByRole('img', {
      name: 'Photo from You: Water under the sink',
    })) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe(photo.photoUrl);
    expect(image.getAttribute('width')).toBe('1600');
    expect(image.getAttribute('height')).toBe('1200');
    expect(posts()).toHaveLength(2);
    const upload = posts()[1]!;
    expect(upload.url).toBe(`${URL}/evidence/photos`);
    const form = upload.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('sink.jpg');
    expect(form.get('caption')).toBe('Water under the sink');
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('shows the outcome once resolved, and offers nothing more to add', async () => {
    await openDispute(
      makeDispute({
        status: 'resolved',
        heldPence: 0,
        resolution: 'split',
        refundPence: 50_000,
        releasePence: 73_450,
        resolutionNote: 'Half the work needs redoing.',
        reviewStartedAt: '2026-12-02T09:00:00.000Z',
        response: 'The drip is from a different valve that was not part of the quote.',
        respondedAt: '2026-12-02T09:00:00.000Z',
        resolvedAt: '2026-12-05T15:30:00.000Z',
        canAdd: false,
      }),
    );
    const outcome = screen.getByRole('region', { name: /Resolved on 5 Dec 2026, 15:30/ });
    expect(outcome.textContent).toContain('Split between them');
    expect(outcome.textContent).toContain('£500.00 refunded to the customer');
    expect(outcome.textContent).toContain('£734.50 released to the tradesperson');
    expect(outcome.textContent).toContain('Half the work needs redoing.');
    expect(screen.queryByText(/frozen in escrow/)).toBeNull();
    expect(steps().map((s) => s.current)).toEqual([false, false, false, true]);
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add statement' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload photo' })).toBeNull();
    expect(screen.getByText(DISPUTE_MESSAGES.closed)).toBeTruthy();
    // Nobody is waiting for anything any more.
    expect(screen.queryByText(/days to respond/)).toBeNull();
    expect(screen.queryByText(/reviewing the evidence/)).toBeNull();
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('says Dispute not found for a dispute that is not mine', async () => {
    mockApi({
      ...sessionHandler(annUser),
      [`GET ${URL}`]: () => ({
        status: 404,
        body: { error: { code: 'not_found', message: DISPUTE_MESSAGES.disputeNotFound } },
      }),
    });
    renderApp(`/disputes/${DISPUTE_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dispute not found' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to disputes' }).getAttribute('href')).toBe('/disputes');
  });

  it('keeps a refused message for another try', async () => {
    await openDispute(makeDispute(), annUser, {
      [`POST ${URL}/messages`]: () => ({
        status: 409,
        body: { error: { code: 'dispute_state', message: DISPUTE_MESSAGES.closed } },
      }),
    });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Any news?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith(DISPUTE_MESSAGES.closed));
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Any news?');
  });
});
