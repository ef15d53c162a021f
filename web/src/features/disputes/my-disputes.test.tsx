// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '@/test/axe';
import { heldReply } from '@/test/held-reply';
import type { Reply } from '@/test/render';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { ann, makeDisputeSummary, tom } from './test-fixtures';

afterEach(resetBetweenTests);

function openList(answer: () => Reply | Promise<Reply>, user = makeUser()) {
  mockApi({ ...sessionHandler(user), 'GET /api/v1/disputes': answer });
  return renderApp('/disputes');
}

describe('/disputes', () => {
  it('shows a skeleton while loading, then my disputes newest first with what each is about', async () => {
    const reply = heldReply();
    openList(reply.answer);
    await waitFor(() => expect(reply.asked).toBe(true), { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Disputes' })).toBeTruthy();
    expect(screen.getByText('Loading…')).toBeTruthy();
    reply.send({
      status: 200,
      body: {
        disputes: [
          makeDisputeSummary(),
          makeDisputeSummary({
            id: 'd2',
            job: { id: 'j2', title: 'Rewire the kitchen' },
            status: 'resolved',
            reason: 'Payment issue',
            raisedBy: tom,
            respondent: ann,
            responseDueAt: null,
            heldPence: 0,
            resolution: 'split',
            resolvedAt: '2026-11-20T12:00:00.000Z',
          }),
        ],
      },
    });
    const list = await screen.findByRole('list', { name: 'My disputes' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByRole('link')[0]!.textContent)).toEqual([
      'Fix a leaking tap',
      'Rewire the kitchen',
    ]);
    const first = within(items[0]!);
    expect(first.getByRole('link', { name: 'Fix a leaking tap' }).getAttribute('href')).toBe(
      '/disputes/70000000-0000-4000-8000-000000000001',
    );
    expect(first.getByText('Poor quality of work')).toBeTruthy();
    expect(first.getByText('Awaiting response')).toBeTruthy();
    expect(first.getByText('Tom Pipes · you raised it')).toBeTruthy();
    expect(first.getByText('£1,234.50 frozen')).toBeTruthy();
    expect(first.getByText('Response due by 8 Dec 2026, 10:00')).toBeTruthy();
    const second = within(items[1]!);
    expect(second.getByText('Resolved')).toBeTruthy();
    expect(second.getByText('Tom Pipes · raised it with you')).toBeTruthy();
    expect(second.getByText('Split between them')).toBeTruthy();
    expect(second.queryByText(/Response due/)).toBeNull();
    expect(second.queryByText(/frozen/)).toBeNull();
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('says No disputes, and how to raise one from a booking', async () => {
    openList(() => ({ status: 200, body: { disputes: [] } }));
    expect(await screen.findByRole('heading', { name: 'No disputes' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/raise a dispute from the booking itself/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Jobs' }).getAttribute('href')).toBe('/my-jobs');
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    openList(() =>
      fail
        ? { status: 500, body: { error: { code: 'internal_error', message: 'Something went wrong' } } }
        : { status: 200, body: { disputes: [makeDisputeSummary()] } },
    );
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      "We couldn't load your disputes.",
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Fix a leaking tap' })).toBeTruthy();
  });
});
