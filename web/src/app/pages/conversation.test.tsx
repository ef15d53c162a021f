// @vitest-environment happy-dom
import type { MessagesPage, MessageView } from '@domain/messaging/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONVERSATION_ID, makeConversation, makeMessage } from '@/features/messaging/test-fixtures';
import { showError } from '@/lib/toast';
import { describedText, expectFieldError } from '@/test/field-errors';
import { JOB_ID } from '@/test/fixtures';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { queriesSentTo } from '@/test/requests';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

const BASE = `/api/v1/conversations/${CONVERSATION_ID}`;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

/** Opens the conversation; `pages` answers the messages request for a `before` cursor (newest first). */
function openConversation({
  messages = [],
  pages,
  handlers = {},
}: {
  messages?: MessageView[];
  pages?: (before: string | null) => MessagesPage;
  handlers?: Parameters<typeof mockApi>[0];
} = {}) {
  const fetchMock = mockApi({
    ...sessionHandler(makeUser()),
    [`GET ${BASE}`]: () => ({ status: 200, body: { conversation: makeConversation() } }),
    [`GET ${BASE}/messages`]: () => ({
      status: 200,
      body: pages
        ? pages(queriesSentTo(fetchMock, `${BASE}/messages`).at(-1)?.get('before') ?? null)
        : { messages, nextCursor: null },
    }),
    [`POST ${BASE}/read`]: () => ({ status: 200, body: { read: 0 } }),
    ...handlers,
  });
  return { ...renderApp(`/conversation/${CONVERSATION_ID}`), fetchMock };
}

const posts = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url) === path && init?.method === 'POST');

const textbox = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;

/**
 * Proves that nothing before it sent a message, without waiting a fixed time: sends `text` for real,
 * waits for that request, and checks it is the only message request made. One sent earlier would
 * have gone out first.
 */
async function expectOnlySend(fetchMock: ReturnType<typeof mockApi>, text: string) {
  fireEvent.change(textbox(), { target: { value: text } });
  fireEvent.keyDown(textbox(), { key: 'Enter' });
  const sent = () =>
    posts(fetchMock, `${BASE}/messages`).map(([, init]) => JSON.parse(String(init?.body)).content);
  await waitFor(() => expect(sent()).toContain(text));
  expect(sent()).toEqual([text]);
}

describe('Conversation', () => {
  it('shows the header, and the messages as text: mine on the right, theirs on the left', async () => {
    const { fetchMock } = openConversation({
      // Newest first, as the server answers.
      messages: [
        makeMessage({ mine: true, content: 'Great, see you then', read: true, createdAt: minutesAgo(1) }),
        makeMessage({ content: '<b>x</b>\nsecond line', createdAt: minutesAgo(2) }),
        makeMessage({ mine: true, content: 'Can you come Monday?', read: true, createdAt: minutesAgo(3) }),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tom Pipes' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to messages' }).getAttribute('href')).toBe('/messages');
    expect(screen.getByRole('link', { name: 'About: Fix a leaking tap' }).getAttribute('href')).toBe(
      `/job/${JOB_ID}`,
    );
    expect(textbox().getAttribute('placeholder')).toBe('Type a message...');

    const history = screen.getByRole('region', { name: 'Message history' });
    expect(within(history).getByRole('heading', { name: 'Today' })).toBeTruthy();
    const bubbles = await within(history).findAllByRole('listitem');
    // Oldest at the top.
    expect(bubbles.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Can you come Monday?',
      '<b>x</b>\nsecond line',
      'Great, see you then',
    ]);
    expect(bubbles.map((li) => li.getAttribute('data-mine'))).toEqual(['true', 'false', 'true']);
    expect(bubbles[0]!.className).toContain('items-end');
    expect(bubbles[1]!.className).toContain('items-start');

    // Markup in a message is shown as typed, never run.
    const theirs = bubbles[1]!.querySelector('p')!;
    expect(theirs.querySelector('b')).toBeNull();
    expect(theirs.className).toContain('whitespace-pre-wrap');
    expect(within(history).getByText(/<b>x<\/b>/)).toBeTruthy();

    // Read shows under my last message only.
    expect(within(bubbles[2]!).getByText('Read')).toBeTruthy();
    expect(within(history).getAllByText('Read')).toHaveLength(1);

    // Opening it marks it read.
    await waitFor(() => expect(posts(fetchMock, `${BASE}/read`)).toHaveLength(1));
  });

  it('sends the trimmed text on Enter and shows it', async () => {
    const sent = makeMessage({ mine: true, content: 'Hello there' });
    const { fetchMock } = openConversation({
      handlers: { [`POST ${BASE}/messages`]: () => ({ status: 201, body: { message: sent } }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Tom Pipes' });
    fireEvent.change(textbox(), { target: { value: '  Hello there \n ' } });
    expect(fireEvent.keyDown(textbox(), { key: 'Enter' })).toBe(false);

    await waitFor(() => expect(posts(fetchMock, `${BASE}/messages`)).toHaveLength(1));
    const [, init] = posts(fetchMock, `${BASE}/messages`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ content: 'Hello there' });
    expect(textbox().value).toBe('');
    const history = screen.getByRole('region', { name: 'Message history' });
    await waitFor(() => expect(within(history).getByText('Hello there')).toBeTruthy());
    expect(within(history).getAllByRole('listitem')).toHaveLength(1);
  });

  it('sends with the Send message button too', async () => {
    const { fetchMock } = openConversation({
      handlers: {
        [`POST ${BASE}/messages`]: () => ({ status: 201, body: { message: makeMessage({ mine: true }) } }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Tom Pipes' });
    const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(textbox(), { target: { value: 'Hello' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() => expect(posts(fetchMock, `${BASE}/messages`)).toHaveLength(1));
  });

  it('makes a new line on Shift+Enter instead of sending, and ignores Enter while composing', async () => {
    const { fetchMock } = openConversation();
    await screen.findByRole('heading', { level: 1, name: 'Tom Pipes' });
    fireEvent.change(textbox(), { target: { value: 'Hello' } });
    // Not prevented: the browser inserts the line break.
    expect(fireEvent.keyDown(textbox(), { key: 'Enter', shiftKey: true })).toBe(true);
    expect(fireEvent.keyDown(textbox(), { key: 'Enter', isComposing: true })).toBe(true);
    expect(fireEvent.keyDown(textbox(), { key: 'Enter', keyCode: 229 })).toBe(true);
    expect(textbox().value).toBe('Hello');
    await expectOnlySend(fetchMock, 'Now send it');
  });

  it('ignores an empty or blank message', async () => {
    const { fetchMock } = openConversation();
    await screen.findByRole('heading', { level: 1, name: 'Tom Pipes' });
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    fireEvent.change(textbox(), { target: { value: '   \n  ' } });
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    fireEvent.submit(textbox().closest('form')!);
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
    await expectOnlySend(fetchMock, 'Something real');
  });

  it('says Failed to send message and keeps the text when sending fails', async () => {
    openConversation({
      handlers: {
        [`POST ${BASE}/messages`]: () => ({
          status: 500,
          body: { error: { code: 'internal', message: 'Something went wrong.' } },
        }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Tom Pipes' });
    fireEvent.change(textbox(), { target: { value: 'Hello there' } });
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error', 'Failed to send message'));
    await waitFor(() => expect(textbox().value).toBe('Hello there'));
    // Said by the box too, and read with it.
    expect(describedText(textbox())).toContain('Failed to send message');
    expect(textbox().closest('form')!.textContent).toContain('Failed to send message');
    expect(
      within(screen.getByRole('region', { name: 'Message history' })).queryByRole('listitem'),
    ).toBeNull();
  });

  it('puts the server’s reason by the box when a message is refused', async () => {
    openConversation({
      handlers: {
        [`POST ${BASE}/messages`]: () => ({
          status: 409,
          body: {
            error: { code: 'recipient_inactive', message: 'This person can no longer receive messages' },
          },
        }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Tom Pipes' });
    fireEvent.change(textbox(), { target: { value: 'Hello there' } });
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    await waitFor(() =>
      expect(describedText(textbox())).toContain('This person can no longer receive messages'),
    );
    expect(showError).toHaveBeenCalledWith('Error', 'Failed to send message');
    expect(textbox().value).toBe('Hello there');
  });

  it('shows a character counter near the 5,000 limit and refuses longer messages', async () => {
    const { fetchMock } = openConversation();
    await screen.findByRole('heading', { level: 1, name: 'Tom Pipes' });
    fireEvent.change(textbox(), { target: { value: 'a'.repeat(4500) } });
    expect(screen.queryByText(/\/ 5,000/)).toBeNull();
    fireEvent.change(textbox(), { target: { value: 'a'.repeat(4501) } });
    expect(screen.getByText('4,501 / 5,000')).toBeTruthy();
    fireEvent.change(textbox(), { target: { value: 'a'.repeat(5001) } });
    expect(screen.getByText(/5,001 \/ 5,000/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Messages can be at most 5,000 characters');
    expectFieldError(textbox(), 'Messages can be at most 5,000 characters');
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    expect(textbox().value).toHaveLength(5001);
    await expectOnlySend(fetchMock, 'Shorter');
  });

  it('loads earlier messages above the ones shown', async () => {
    const newer = makeMessage({ content: 'Newest one', createdAt: minutesAgo(1) });
    const older = makeMessage({ content: 'An older one', createdAt: minutesAgo(60 * 24 * 3) });
    const { fetchMock } = openConversation({
      pages: (before) =>
        before === 'page-2'
          ? { messages: [older], nextCursor: null }
          : { messages: [newer], nextCursor: 'page-2' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
    const history = screen.getByRole('region', { name: 'Message history' });
    await waitFor(() =>
      expect(
        within(history)
          .getAllByRole('listitem')
          .map((li) => li.querySelector('p')?.textContent),
      ).toEqual(['An older one', 'Newest one']),
    );
    expect(queriesSentTo(fetchMock, `${BASE}/messages`).at(-1)?.get('before')).toBe('page-2');
    expect(
      within(history)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual([expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}/), 'Today']);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it('says Conversation not found for a conversation that is not the user’s', async () => {
    const notFound = () => ({
      status: 404,
      body: { error: { code: 'not_found', message: 'Conversation not found' } },
    });
    openConversation({ handlers: { [`GET ${BASE}`]: notFound, [`GET ${BASE}/messages`]: notFound } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to messages' }).getAttribute('href')).toBe('/messages');
  });

  it('offers to try again when the conversation fails to load', async () => {
    let fail = true;
    openConversation({
      handlers: {
        [`GET ${BASE}/messages`]: () =>
          fail
            ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } }
            : { status: 200, body: { messages: [makeMessage({ content: 'Back again' })], nextCursor: null } },
      },
    });
    // One quiet retry first (a 5xx may be a blip), then the error.
    expect(
      await screen.findByText('We could not load this conversation.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeTruthy();
  });

  it('keeps the messages shown when earlier ones fail to load', async () => {
    let requests = 0;
    openConversation({
      handlers: {
        [`GET ${BASE}/messages`]: () =>
          ++requests === 1
            ? {
                status: 200,
                body: { messages: [makeMessage({ content: 'Still here' })], nextCursor: 'page-2' },
              }
            : { status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
    expect(
      await screen.findByText('We could not load earlier messages. Please try again.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByText('Still here')).toBeTruthy();
    expect(screen.queryByText('We could not load this conversation.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Load earlier messages' })).toBeTruthy();
  });

  it('sends a visitor to sign in', async () => {
    mockApi(sessionHandler(null));
    const { router } = renderApp(`/conversation/${CONVERSATION_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });
});
