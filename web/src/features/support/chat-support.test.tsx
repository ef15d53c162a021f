// @vitest-environment happy-dom
import { SUPPORT_MESSAGES } from '@domain/support/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriousAxeViolations } from '@/test/axe';
import { FakeEventSource, stubEventSource } from '@/test/event-source';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { bodiesSentTo, requestsTo } from '@/test/requests';
import { makeSupportConversation, makeSupportMessage, SUPPORT_ID } from './test-fixtures';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

const LIST = 'GET /api/v1/support/conversations';
const ONE = `/api/v1/support/conversations/${SUPPORT_ID}`;
const customer = makeUser();

const guestForm = () => within(screen.getByRole('form', { name: 'Message support' }));
const heading = () => screen.findByRole('heading', { level: 1, name: 'Chat Support' }, { timeout: 5000 });

describe('chat support for a visitor (/chat-support signed out)', () => {
  it('asks them to sign in, or takes their email and message, and says it arrived', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(null),
      'POST /api/v1/support/guest': () => ({ status: 202, body: { message: SUPPORT_MESSAGES.guestSent } }),
    });
    renderApp('/chat-support');
    await heading();
    expect(await screen.findByText(SUPPORT_MESSAGES.signInPrompt)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth');
    // The honeypot is out of sight, out of the tab order and hidden from screen readers.
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(await seriousAxeViolations()).toEqual([]);

    fireEvent.change(guestForm().getByLabelText(/^Email/), { target: { value: 'guest@example.com' } });
    fireEvent.change(guestForm().getByLabelText(/^Message/), {
      target: { value: 'Can I pay by bank transfer?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(SUPPORT_MESSAGES.guestSent)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST /api/v1/support/guest')).toEqual([
      { email: 'guest@example.com', message: 'Can I pay by bank transfer?' },
    ]);
  });

  it.each([
    [422, 'validation_error', SUPPORT_MESSAGES.spam],
    [429, 'rate_limited', SUPPORT_MESSAGES.guestTooMany],
  ])('shows a %i refusal in the form and keeps what was typed', async (status, code, message) => {
    mockApi({
      ...sessionHandler(null),
      'POST /api/v1/support/guest': () => ({ status, body: { error: { code, message } } }),
    });
    renderApp('/chat-support');
    await heading();
    fireEvent.change(
      await screen
        .findByRole('form', { name: 'Message support' })
        .then(() => guestForm().getByLabelText(/^Email/)),
      { target: { value: 'guest@example.com' } },
    );
    fireEvent.change(guestForm().getByLabelText(/^Message/), {
      target: { value: 'See https://spam.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect((guestForm().getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe(
      'See https://spam.example',
    );
    expect((guestForm().getByLabelText(/^Email/) as HTMLInputElement).value).toBe('guest@example.com');
  });

  it('checks the email before sending', async () => {
    const fetchMock = mockApi(sessionHandler(null));
    renderApp('/chat-support');
    await heading();
    fireEvent.change(
      await screen
        .findByRole('form', { name: 'Message support' })
        .then(() => guestForm().getByLabelText(/^Email/)),
      { target: { value: 'not an email' } },
    );
    fireEvent.change(guestForm().getByLabelText(/^Message/), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(SUPPORT_MESSAGES.emailInvalid)).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST /api/v1/support/guest')).toHaveLength(0);
  });
});

describe('chat support for a signed-in person', () => {
  it('opens a conversation with the first message and an optional subject', async () => {
    let conversations: unknown[] = [];
    const fetchMock = mockApi({
      ...sessionHandler(customer),
      [LIST]: () => ({ status: 200, body: { conversations } }),
      'POST /api/v1/support/conversations': () => {
        conversations = [makeSupportConversation()];
        return { status: 201, body: makeSupportConversation() };
      },
      [`GET ${ONE}`]: () => ({ status: 200, body: makeSupportConversation() }),
    });
    renderApp('/chat-support');
    expect(
      await screen.findByRole('heading', { name: 'Start a conversation' }, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start chat' }));
    expect(await screen.findByText(SUPPORT_MESSAGES.messageEmpty)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: 'My payment has not arrived' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start chat' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment question' })).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST /api/v1/support/conversations')).toEqual([
      { message: 'My payment has not arrived' },
    ]);
  });

  it('shows support’s replies as they come, without reloading, and marks them read', async () => {
    stubEventSource();
    let conversation = makeSupportConversation({
      transcript: [
        { role: 'user', content: 'Where is my refund?' },
        { role: 'assistant', content: 'I cannot see payments. Talk to support?' },
      ],
    });
    const fetchMock = mockApi({
      ...sessionHandler(customer),
      [LIST]: () => ({ status: 200, body: { conversations: [conversation] } }),
      [`GET ${ONE}`]: () => ({ status: 200, body: conversation }),
      [`POST ${ONE}/read`]: () => ({ status: 204 }),
      'GET /api/v1/conversations/unread': () => ({ status: 200, body: { unread: 0 } }),
    });
    renderApp('/chat-support');
    const history = await screen.findByRole('region', { name: 'Message history' }, { timeout: 5000 });
    expect(history.textContent).toContain('My payment has not arrived');
    // The shared transcript, folded away.
    const shared = screen.getByText('Shared from the assistant').closest('details')!;
    expect(shared.open).toBe(false);
    expect(shared.textContent).toContain('Where is my refund?');
    expect(requestsTo(fetchMock, `POST ${ONE}/read`)).toHaveLength(0);
    expect(await seriousAxeViolations()).toEqual([]);

    conversation = makeSupportConversation({
      status: 'waiting',
      unread: 1,
      messages: [
        ...conversation.messages,
        makeSupportMessage({
          author: 'staff',
          authorName: 'Ada',
          body: 'It is held in escrow until Friday.',
        }),
      ],
    });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    FakeEventSource.instances[0]!.emit('support', { conversationId: SUPPORT_ID });
    await waitFor(() => expect(history.textContent).toContain('It is held in escrow until Friday.'));
    expect(screen.getByText('Support replied')).toBeTruthy();
    expect(await screen.findByText('New message from Ada: It is held in escrow until Friday.')).toBeTruthy();
    await waitFor(() => expect(requestsTo(fetchMock, `POST ${ONE}/read`)).toHaveLength(1));
  });

  it('writes into the open conversation, keeping a refused message in the box', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(customer),
      [LIST]: () => ({ status: 200, body: { conversations: [makeSupportConversation()] } }),
      [`GET ${ONE}`]: () => ({ status: 200, body: makeSupportConversation() }),
      [`POST ${ONE}/messages`]: () => ({
        status: 409,
        body: { error: { code: 'conflict', message: SUPPORT_MESSAGES.closed } },
      }),
    });
    renderApp('/chat-support');
    const box = (await screen.findByLabelText('Your message', {}, { timeout: 5000 })) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Any news?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(SUPPORT_MESSAGES.closed)).toBeTruthy();
    expect(box.value).toBe('Any news?');
    expect(bodiesSentTo(fetchMock, `POST ${ONE}/messages`)).toEqual([{ message: 'Any news?' }]);
  });

  it('closes the conversation, then lists it with the past ones and reopens it', async () => {
    let conversation = makeSupportConversation();
    const fetchMock = mockApi({
      ...sessionHandler(customer),
      [LIST]: () => ({ status: 200, body: { conversations: [conversation] } }),
      [`GET ${ONE}`]: () => ({ status: 200, body: conversation }),
      [`POST ${ONE}/close`]: () => {
        conversation = makeSupportConversation({ status: 'closed' });
        return { status: 200, body: conversation };
      },
      [`POST ${ONE}/reopen`]: () => {
        conversation = makeSupportConversation({ status: 'open' });
        return { status: 200, body: conversation };
      },
    });
    renderApp('/chat-support');
    fireEvent.click(await screen.findByRole('button', { name: 'Close conversation' }, { timeout: 5000 }));
    // Closed: a fresh start is offered, and the closed one is listed below.
    expect(await screen.findByRole('heading', { name: 'Start a conversation' })).toBeTruthy();
    const past = within(screen.getByRole('region', { name: 'Past conversations' }));
    fireEvent.click(past.getByRole('button', { name: /Payment question/ }));
    expect(await screen.findByText(SUPPORT_MESSAGES.closed)).toBeTruthy();
    expect(screen.queryByLabelText('Your message')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByLabelText('Your message')).toBeTruthy();
    expect(requestsTo(fetchMock, `POST ${ONE}/close`)).toHaveLength(1);
    expect(requestsTo(fetchMock, `POST ${ONE}/reopen`)).toHaveLength(1);
  });

  it('says when the conversations cannot be loaded', async () => {
    mockApi({
      ...sessionHandler(customer),
      [LIST]: () => ({ status: 500, body: { error: { code: 'internal', message: 'Boom' } } }),
    });
    renderApp('/chat-support');
    expect(
      await screen.findByText('We could not load your support conversations.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
