// @vitest-environment happy-dom
import type { MessageView } from '@domain/messaging/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeEventSource, stubEventSource } from '@/test/event-source';
import { CUSTOMER_ID, TRADESPERSON_ID } from '@/test/fixtures';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { requestsTo } from '@/test/requests';
import { CONVERSATION_ID, makeConversation, makeMessage } from './test-fixtures';

const BASE = `/api/v1/conversations/${CONVERSATION_ID}`;

afterEach(resetBetweenTests);

function open(messages: MessageView[], handlers: Parameters<typeof mockApi>[0] = {}) {
  stubEventSource();
  const fetchMock = mockApi({
    ...sessionHandler(makeUser({ id: CUSTOMER_ID })),
    [`GET ${BASE}`]: () => ({ status: 200, body: { conversation: makeConversation() } }),
    [`GET ${BASE}/messages`]: () => ({ status: 200, body: { messages, nextCursor: null } }),
    [`POST ${BASE}/read`]: () => ({ status: 200, body: { read: 1 } }),
    'GET /api/v1/conversations/unread': () => ({ status: 200, body: { unread: 0 } }),
    ...handlers,
  });
  const view = renderApp(`/conversation/${CONVERSATION_ID}`);
  return { ...view, fetchMock };
}

const bubbleTexts = () =>
  within(screen.getByRole('region', { name: 'Message history' }))
    .queryAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent);

describe('RealtimeBridge', () => {
  it('opens one stream for the signed-in user and adds arriving messages once', async () => {
    const { fetchMock } = open([makeMessage({ content: 'First' })]);
    await waitFor(() => expect(bubbleTexts()).toEqual(['First']));
    // The stream's code loads on its own (a lazy chunk), so it may open just after the thread shows.
    await waitFor(() => expect(FakeEventSource.instances.map((s) => s.url)).toEqual(['/api/v1/events']));
    const [source] = FakeEventSource.instances;
    await waitFor(() => expect(requestsTo(fetchMock, `POST ${BASE}/read`).length).toBe(1));

    const arriving = makeMessage({ content: 'Second', senderId: TRADESPERSON_ID });
    source!.emit('message', { message: arriving });
    source!.emit('message', { message: arriving });
    await waitFor(() => expect(bubbleTexts()).toEqual(['First', 'Second']));
    // A message from the other user while the conversation is open is read at once.
    await waitFor(() => expect(requestsTo(fetchMock, `POST ${BASE}/read`).length).toBe(2));
    // The list and the badge are asked again.
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/v1/conversations/unread').length).toBeGreaterThan(1),
    );
  });

  it('shows Read under my last message when the other user reads it', async () => {
    open([makeMessage({ mine: true, senderId: CUSTOMER_ID, content: 'Are you free?' })]);
    await waitFor(() => expect(bubbleTexts()).toEqual(['Are you free?']));
    expect(screen.queryByText('Read')).toBeNull();
    FakeEventSource.instances[0]!.emit('read', {
      conversationId: CONVERSATION_ID,
      readerId: TRADESPERSON_ID,
    });
    expect(await screen.findByText('Read')).toBeTruthy();
  });

  it('fetches everything again on ready, after a reconnection', async () => {
    let messages = [makeMessage({ content: 'First' })];
    const { fetchMock } = open([], {
      [`GET ${BASE}/messages`]: () => ({ status: 200, body: { messages, nextCursor: null } }),
    });
    await waitFor(() => expect(bubbleTexts()).toEqual(['First']));
    const before = requestsTo(fetchMock, `GET ${BASE}/messages`).length;
    messages = [makeMessage({ content: 'Missed while away' }), ...messages];
    FakeEventSource.instances[0]!.emit('ready', {});
    await waitFor(() => expect(bubbleTexts()).toEqual(['First', 'Missed while away']));
    expect(requestsTo(fetchMock, `GET ${BASE}/messages`).length).toBe(before + 1);
  });

  it('closes the stream when the user signs out', async () => {
    const { queryClient } = open([]);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => {
      queryClient.setQueryData(['auth', 'session'], { user: null, endedHere: true });
    });
    await waitFor(() => expect(FakeEventSource.instances[0]!.readyState).toBe(FakeEventSource.CLOSED));
  });
});
