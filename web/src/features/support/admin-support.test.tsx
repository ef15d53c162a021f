// @vitest-environment happy-dom
import { SUPPORT_MESSAGES } from '@domain/support/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriousAxeViolations } from '@/test/axe';
import { FakeEventSource, stubEventSource } from '@/test/event-source';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { bodiesSentTo, queriesSentTo, requestsTo } from '@/test/requests';
import { NOTE_LABEL } from './support-thread';
import {
  ADMIN_ID,
  makeAdminConversation,
  makeInboxItem,
  makeSupportMessage,
  PERSON_ID,
  SUPPORT_ID,
} from './test-fixtures';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

const admin = makeUser({ id: ADMIN_ID, isAdmin: true, fullName: 'Ada Admin' });
const INBOX = 'GET /api/v1/admin/support';
const ONE = `/api/v1/admin/support/${SUPPORT_ID}`;
const COUNTS = { unassigned: 3, mine: 1, waiting: 2, closed: 40 };
const CANNED = {
  'GET /api/v1/admin/support/canned': () => ({
    status: 200,
    body: { replies: [{ id: 'c1', title: 'Escrow', body: 'Your money is safe in escrow.' }] },
  }),
};

describe('the support inbox (/admin/support)', () => {
  it('shows the four views with their counts, and each conversation’s person, subject, wait and assignee', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(admin),
      [INBOX]: () => ({
        status: 200,
        body: { conversations: [makeInboxItem()], nextCursor: null, counts: COUNTS },
      }),
    });
    renderApp('/admin/support');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Support Inbox' }, { timeout: 5000 }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
        'Unassigned(3)',
        'Mine(1)',
        'Waiting for the user(2)',
        'Closed(40)',
      ]),
    );
    const row = within(await screen.findByRole('list', { name: 'Unassigned' })).getByRole('link');
    expect(row.getAttribute('href')).toBe(`/admin/support/${SUPPORT_ID}`);
    expect(row.textContent).toContain('Ann Smith');
    expect(row.textContent).toContain('Payment question');
    expect(row.textContent).toContain('My payment has not arrived');
    expect(row.textContent).toContain('Waiting 25 min');
    expect(row.textContent).toContain('Unassigned');
    expect(await seriousAxeViolations()).toEqual([]);

    fireEvent.mouseDown(screen.getByRole('tab', { name: /Mine/ }));
    await waitFor(() =>
      expect(queriesSentTo(fetchMock, '/api/v1/admin/support').map((q) => q.get('view'))).toEqual([
        'unassigned',
        'mine',
      ]),
    );
  });

  it('says when a view is empty', async () => {
    mockApi({
      ...sessionHandler(admin),
      [INBOX]: () => ({ status: 200, body: { conversations: [], nextCursor: null, counts: COUNTS } }),
    });
    renderApp('/admin/support?tab=closed');
    expect(await screen.findByText('No closed conversations', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('is not there for someone who is not an admin', async () => {
    const fetchMock = mockApi(sessionHandler(makeUser()));
    const { visited } = renderApp('/admin/support');
    await waitFor(() => expect(visited.at(-1)).toBe('/'));
    expect(requestsTo(fetchMock, INBOX)).toHaveLength(0);
  });
});

describe('a support conversation for an admin (/admin/support/:id)', () => {
  it('shows the thread with internal notes marked, the person’s links and the shared transcript', async () => {
    mockApi({
      ...sessionHandler(admin),
      ...CANNED,
      [`GET ${ONE}`]: () => ({
        status: 200,
        body: makeAdminConversation({
          transcript: [{ role: 'user', content: 'I want a human' }],
          transcriptConsentedAt: '2026-11-20T09:59:00.000Z',
        }),
      }),
      [`POST ${ONE}/read`]: () => ({ status: 204 }),
    });
    renderApp(`/admin/support/${SUPPORT_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment question' }, { timeout: 5000 }),
    ).toBeTruthy();
    const items = within(screen.getByRole('region', { name: 'Message history' })).getAllByRole('listitem');
    expect(items.map((li) => li.dataset.kind)).toEqual(['message', 'note']);
    expect(items[1]?.textContent).toContain(NOTE_LABEL);
    expect(items[0]?.textContent).not.toContain(NOTE_LABEL);
    expect(screen.getByText('Shared from the assistant').closest('details')?.textContent).toContain(
      'Ann Smith: I want a human',
    );
    const aside = within(screen.getByRole('complementary', { name: 'Ann Smith' }));
    expect(aside.getByRole('link', { name: 'View account' }).getAttribute('href')).toBe(
      `/admin/users/${PERSON_ID}`,
    );
    expect(aside.getByRole('link', { name: 'Fix the boiler' }).getAttribute('href')).toBe(
      '/job/10000000-0000-4000-8000-000000000001',
    );
    expect(aside.getByRole('link', { name: /£250.00 on/ }).getAttribute('href')).toBe('/admin/payments');
    expect(aside.getByText('No disputes.')).toBeTruthy();
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('writes a note or a reply, with a canned reply put in the box to edit', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(admin),
      ...CANNED,
      [`GET ${ONE}`]: () => ({ status: 200, body: makeAdminConversation() }),
      [`POST ${ONE}/read`]: () => ({ status: 204 }),
      [`POST ${ONE}/messages`]: () => ({
        status: 201,
        body: { ...makeSupportMessage({ author: 'staff' }), kind: 'message' },
      }),
    });
    renderApp(`/admin/support/${SUPPORT_ID}`);
    fireEvent.click(await screen.findByRole('radio', { name: 'Internal note' }, { timeout: 5000 }));
    const noteBox = screen.getByLabelText('Internal note (only support sees this)') as HTMLTextAreaElement;
    fireEvent.change(noteBox, { target: { value: 'Ask finance' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(noteBox.value).toBe(''));

    fireEvent.click(screen.getByRole('radio', { name: 'Reply' }));
    const picker = await screen.findByLabelText('Insert a canned reply');
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Escrow' })).toBeTruthy());
    fireEvent.change(picker, { target: { value: 'c1' } });
    const replyBox = screen.getByLabelText('Reply to the person') as HTMLTextAreaElement;
    expect(replyBox.value).toBe('Your money is safe in escrow.');
    fireEvent.change(replyBox, { target: { value: 'Hi Ann. Your money is safe in escrow.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, `POST ${ONE}/messages`)).toEqual([
        { body: 'Ask finance', kind: 'note' },
        { body: 'Hi Ann. Your money is safe in escrow.', kind: 'message' },
      ]),
    );
  });

  it('assigns to me and unassigns, and closes, after which only notes can be added', async () => {
    let conversation = makeAdminConversation();
    const fetchMock = mockApi({
      ...sessionHandler(admin),
      ...CANNED,
      [`GET ${ONE}`]: () => ({ status: 200, body: conversation }),
      [`POST ${ONE}/read`]: () => ({ status: 204 }),
      [`POST ${ONE}/assign`]: (init) => {
        const { adminId } = JSON.parse(String(init?.body)) as { adminId?: string | null };
        conversation = makeAdminConversation({
          assignedAdmin: adminId === null ? null : { id: ADMIN_ID, name: 'Ada Admin' },
        });
        return { status: 200, body: conversation };
      },
      [`POST ${ONE}/close`]: () => {
        conversation = makeAdminConversation({ status: 'closed' });
        return { status: 200, body: conversation };
      },
    });
    renderApp(`/admin/support/${SUPPORT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Assign to me' }, { timeout: 5000 }));
    expect(await screen.findByText('Assigned to Ada Admin')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Unassign' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Assign to me' })).toBeTruthy());
    expect(bodiesSentTo(fetchMock, `POST ${ONE}/assign`)).toEqual([{}, { adminId: null }]);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText(SUPPORT_MESSAGES.closed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeTruthy();
    // Closed: notes still, replies not.
    expect((screen.getByRole('radio', { name: 'Reply' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Internal note' }) as HTMLInputElement).checked).toBe(true);
  });

  it('turns the conversation into a dispute about one of the person’s bookings', async () => {
    let conversation = makeAdminConversation();
    const fetchMock = mockApi({
      ...sessionHandler(admin),
      ...CANNED,
      [`GET ${ONE}`]: () => ({ status: 200, body: conversation }),
      [`POST ${ONE}/read`]: () => ({ status: 204 }),
      [`POST ${ONE}/dispute`]: () => {
        conversation = makeAdminConversation({ disputeId: '80000000-0000-4000-8000-000000000001' });
        return { status: 201, body: { disputeId: '80000000-0000-4000-8000-000000000001' } };
      },
    });
    renderApp(`/admin/support/${SUPPORT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn into a dispute' }, { timeout: 5000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Turn into a dispute' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Open dispute' }));
    expect(await dialog.findByText(SUPPORT_MESSAGES.noBooking)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^Booking/), {
      target: { value: '30000000-0000-4000-8000-000000000001' },
    });
    fireEvent.change(dialog.getByLabelText(/^Reason/), { target: { value: 'Poor quality of work' } });
    fireEvent.change(dialog.getByLabelText(/^Description/), { target: { value: 'The boiler still leaks.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Open dispute' }));
    const link = await screen.findByRole('link', { name: 'Open the dispute' });
    expect(link.getAttribute('href')).toBe('/admin/disputes/80000000-0000-4000-8000-000000000001');
    expect(bodiesSentTo(fetchMock, `POST ${ONE}/dispute`)).toEqual([
      {
        bookingId: '30000000-0000-4000-8000-000000000001',
        reason: 'Poor quality of work',
        description: 'The boiler still leaks.',
      },
    ]);
  });

  it('creates, edits and deletes canned replies', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(admin),
      ...CANNED,
      [`GET ${ONE}`]: () => ({ status: 200, body: makeAdminConversation() }),
      [`POST ${ONE}/read`]: () => ({ status: 204 }),
      'POST /api/v1/admin/support/canned': () => ({
        status: 409,
        body: { error: { code: 'conflict', message: SUPPORT_MESSAGES.cannedTitleTaken } },
      }),
      'PATCH /api/v1/admin/support/canned/c1': () => ({
        status: 200,
        body: { id: 'c1', title: 'Escrow', body: 'Held safely.' },
      }),
      'DELETE /api/v1/admin/support/canned/c1': () => ({ status: 204 }),
    });
    renderApp(`/admin/support/${SUPPORT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage canned replies' }, { timeout: 5000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Canned replies' }));
    await dialog.findByText('Your money is safe in escrow.');
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'Escrow' } });
    fireEvent.change(dialog.getByLabelText(/^Text/), { target: { value: 'Another' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add canned reply' }));
    expect(await dialog.findByText(SUPPORT_MESSAGES.cannedTitleTaken)).toBeTruthy();
    expect((dialog.getByLabelText(/^Text/) as HTMLTextAreaElement).value).toBe('Another');

    fireEvent.click(dialog.getByRole('button', { name: 'Edit Escrow' }));
    const text = dialog.getByLabelText(/^Text/) as HTMLTextAreaElement;
    expect(text.value).toBe('Your money is safe in escrow.');
    fireEvent.change(text, { target: { value: 'Held safely.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'PATCH /api/v1/admin/support/canned/c1')).toEqual([
        { title: 'Escrow', body: 'Held safely.' },
      ]),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Delete Escrow' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'DELETE /api/v1/admin/support/canned/c1')).toHaveLength(1),
    );
    // The dialog's own form never sends a message.
    expect(requestsTo(fetchMock, `POST ${ONE}/messages`)).toHaveLength(0);
  });

  it('shows the person’s new message live, on the support event', async () => {
    stubEventSource();
    let conversation = makeAdminConversation();
    mockApi({
      ...sessionHandler(admin),
      ...CANNED,
      [`GET ${ONE}`]: () => ({ status: 200, body: conversation }),
      [`POST ${ONE}/read`]: () => ({ status: 204 }),
      'GET /api/v1/conversations/unread': () => ({ status: 200, body: { unread: 0 } }),
    });
    renderApp(`/admin/support/${SUPPORT_ID}`);
    const history = await screen.findByRole('region', { name: 'Message history' }, { timeout: 5000 });
    conversation = makeAdminConversation({
      messages: [
        ...conversation.messages,
        { ...makeSupportMessage({ body: 'Are you there?' }), kind: 'message' },
      ],
    });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    FakeEventSource.instances[0]!.emit('support', { conversationId: SUPPORT_ID });
    await waitFor(() => expect(history.textContent).toContain('Are you there?'));
  });

  it('says when the conversation does not exist', async () => {
    mockApi({ ...sessionHandler(admin) });
    renderApp(`/admin/support/${SUPPORT_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'Conversation not found' }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
