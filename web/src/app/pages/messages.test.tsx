// @vitest-environment happy-dom
import type { ConversationsPage } from '@domain/messaging/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CONVERSATION_ID, makeConversation, makePerson } from '@/features/messaging/test-fixtures';
import { CUSTOMER_ID, JOB_ID } from '@/test/fixtures';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { queriesSentTo } from '@/test/requests';

afterEach(resetBetweenTests);

const LIST = 'GET /api/v1/conversations';
const page = (conversations: ConversationsPage['conversations'], nextCursor: string | null = null) => ({
  status: 200,
  body: { conversations, nextCursor } satisfies ConversationsPage,
});

describe('Messages', () => {
  it('lists each conversation: avatar, name, trade, job, preview, time and unread badge', async () => {
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    const second = '40000000-0000-4000-8000-000000000002';
    mockApi({
      ...sessionHandler(makeUser()),
      'GET /api/v1/conversations/unread': () => ({ status: 200, body: { unread: 3 } }),
      [LIST]: () =>
        page([
          makeConversation({
            unreadCount: 3,
            lastMessage: { content: 'I can come on Monday.', mine: false, createdAt: minutesAgo(5) },
          }),
          makeConversation({
            id: second,
            other: makePerson({
              id: CUSTOMER_ID,
              fullName: null,
              userType: 'customer',
              trade: null,
              avatarUrl: '/api/v1/files/avatars/ann.webp',
            }),
            job: null,
            lastMessage: { content: 'See you then', mine: true, createdAt: minutesAgo(0) },
          }),
        ]),
    });
    renderApp('/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    const [tom, other] = await screen.findAllByRole('link', { name: /Plumber|See you then/ });

    expect(tom!.getAttribute('href')).toBe(`/conversation/${CONVERSATION_ID}`);
    const rowOfTom = within(tom!);
    expect(rowOfTom.getByText('Tom Pipes')).toBeTruthy();
    expect(rowOfTom.getByText('Plumber · Fix a leaking tap')).toBeTruthy();
    expect(rowOfTom.getByText('I can come on Monday.')).toBeTruthy();
    expect(rowOfTom.getByText('5m ago')).toBeTruthy();
    expect(rowOfTom.getByText('3 unread messages')).toBeTruthy();
    expect(tom!.querySelector('img')?.getAttribute('src')).toBe(
      `/api/v1/avatars/00000000-0000-4000-8000-000000000002.svg`,
    );

    expect(other!.getAttribute('href')).toBe(`/conversation/${second}`);
    const rowOfOther = within(other!);
    // An erased account has no name left (DOMAIN-RULES 1).
    expect(rowOfOther.getByText('Deleted user')).toBeTruthy();
    expect(rowOfOther.getByText('You: See you then')).toBeTruthy();
    expect(rowOfOther.getByText('Just now')).toBeTruthy();
    expect(rowOfOther.queryByText(/unread/)).toBeNull();
    expect(other!.querySelector('img')?.getAttribute('src')).toBe('/api/v1/files/avatars/ann.webp');

    // The bottom navigation carries the same total.
    const nav = within(await screen.findByRole('navigation', { name: 'App' }));
    expect((await nav.findByRole('link', { name: 'Messages, 3 unread' })).getAttribute('href')).toBe(
      '/messages',
    );
  });

  it('says No messages yet when there are none', async () => {
    mockApi({ ...sessionHandler(makeUser()), [LIST]: () => page([]) });
    renderApp('/messages');
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Tom Pipes/ })).toBeNull();
  });

  it('offers to try again when the list fails to load', async () => {
    let fail = true;
    mockApi({
      ...sessionHandler(makeUser()),
      [LIST]: () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } }
          : page([makeConversation()]),
    });
    renderApp('/messages');
    expect(await screen.findByText('We could not load your messages.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('I can come on Monday.')).toBeTruthy();
    expect(screen.queryByText('We could not load your messages.')).toBeNull();
  });

  it('loads more conversations with the cursor it was given', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(makeUser()),
      [LIST]: () =>
        queriesSentTo(fetchMock, '/api/v1/conversations').at(-1)?.get('cursor') === 'page-2'
          ? page([
              makeConversation({
                id: '40000000-0000-4000-8000-000000000009',
                other: makePerson({ id: CUSTOMER_ID, fullName: 'Sue Sparks', userType: 'customer' }),
                job: { id: JOB_ID, title: 'Rewire the loft' },
              }),
            ])
          : page([makeConversation()], 'page-2'),
    });
    renderApp('/messages');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Sue Sparks')).toBeTruthy();
    expect(screen.getByText('Tom Pipes')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('sends a visitor to sign in', async () => {
    mockApi(sessionHandler(null));
    const { router } = renderApp('/messages');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });
});
