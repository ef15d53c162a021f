// @vitest-environment happy-dom
import type { SessionUser } from '@domain/accounts/api';
import { ASSISTANT_LIMITS, ASSISTANT_TEXTS } from '@domain/assistant/messages';
import { SUPPORT_MESSAGES } from '@domain/support/messages';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, SESSION_QUERY_KEY } from '@/features/accounts';
import { ASSISTANT_STORAGE_KEY, forgetAssistantConversation } from '@/lib/assistant-storage';
import { seriousAxeViolations } from '@/test/axe';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(() => {
  resetBetweenTests();
  forgetAssistantConversation();
  sessionStorage.clear();
});

const GREETING = "Hi! I'm here to help you navigate TradeNest. What can I help you with?";

/** A text/event-stream answer whose events the test sends one at a time. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send(event: string, data: unknown) {
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    close() {
      controller.close();
    },
  };
}

/** A whole stream: the words as deltas, then done with them. */
function streamOf(words: string[], done: unknown = { message: words.join(''), links: [] }): Response {
  const stream = eventStream();
  for (const text of words) stream.send('delta', { text });
  stream.send('done', done);
  stream.close();
  return stream.response;
}

type ChatAnswer = (init: RequestInit | undefined) => Response | Promise<Response>;

/** The fake API with POST /assistant/chat answered by `answers` in turn (the last one repeats). */
function mockChat(
  answers: ChatAnswer[],
  user: SessionUser | null = makeUser(),
  handlers: Parameters<typeof mockApi>[0] = {},
) {
  const api = mockApi({ ...sessionHandler(user), ...handlers });
  let turn = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/api/v1/assistant/chat' && init?.method === 'POST') {
      const answer = answers[Math.min(turn, answers.length - 1)]!;
      turn += 1;
      return answer(init);
    }
    return api(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  const chatCalls = () =>
    fetchMock.mock.calls.filter(([url]) => String(url) === '/api/v1/assistant/chat').map(([, init]) => init!);
  return { fetchMock, chatCalls };
}

const openButton = () => screen.getByRole('button', { name: 'Open AI Assistant' });
const dialog = () => screen.getByRole('dialog', { name: 'AI Assistant' });
const input = () => screen.getByPlaceholderText('Ask me anything...') as HTMLInputElement;
const log = () => within(dialog()).getByRole('log');

async function openAssistant() {
  fireEvent.click(openButton());
  await screen.findByRole('dialog', { name: 'AI Assistant' });
  await waitFor(() => expect(document.activeElement).toBe(input()));
}

function ask(text: string) {
  fireEvent.change(input(), { target: { value: text } });
  fireEvent.keyDown(input(), { key: 'Enter' });
}

async function ready(path: string) {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return app;
}

describe('the AI assistant widget', () => {
  it('opens from the floating button with the greeting, and Escape closes it back to the button', async () => {
    mockChat([() => streamOf(['Hi'])], null);
    await ready('/terms');
    expect(openButton().getAttribute('aria-haspopup')).toBe('dialog');
    await openAssistant();

    expect(within(dialog()).getByRole('heading', { name: 'AI Assistant' })).toBeTruthy();
    expect(log().getAttribute('aria-live')).toBe('polite');
    expect(log().textContent).toContain(GREETING);
    expect(input().getAttribute('placeholder')).toBe(ASSISTANT_TEXTS.placeholder);
    expect(dialog().style.maxWidth).toBe(`${ASSISTANT_LIMITS.panelWidthPx}px`);
    expect(dialog().style.height).toBe(`${ASSISTANT_LIMITS.panelHeightPx}px`);

    fireEvent.keyDown(input(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(openButton()));
  });

  it('keeps Tab inside the panel, and its Close button closes it back to the button', async () => {
    mockChat([() => streamOf(['Hi'])], null);
    await ready('/terms');
    await openAssistant();
    const close = within(dialog()).getByRole('button', { name: 'Close AI Assistant' });
    const send = within(dialog()).getByRole('button', { name: 'Send message' });

    send.focus();
    fireEvent.keyDown(send, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(send);

    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(openButton()));
  });

  it('leaves it open when the page beside it is used, and Escape on the page is the page’s', async () => {
    mockChat([() => streamOf(['Hi'])], null);
    await ready('/terms');
    await openAssistant();
    // The panel starts listening for clicks and focus outside it a moment after it opens.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    const heading = screen.getByRole('heading', { level: 1 });
    fireEvent.pointerDown(heading);
    fireEvent.click(heading);
    // Focus on the page: Escape there does not close the panel.
    const pageLink = within(screen.getByRole('main')).getAllByRole('link')[0]!;
    pageLink.focus();
    fireEvent.focusIn(pageLink);
    fireEvent.keyDown(pageLink, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'AI Assistant' })).toBeTruthy();
  });

  it('sends with Enter, shows the reply as it streams in, with the input disabled meanwhile', async () => {
    const stream = eventStream();
    const { chatCalls } = mockChat([() => stream.response]);
    await ready('/post-job');
    await openAssistant();
    ask('How do I post a job?');

    await waitFor(() => expect(chatCalls()).toHaveLength(1));
    expect(input().value).toBe('');
    expect(input().disabled).toBe(true);
    expect(within(dialog()).getByRole('button', { name: 'Send message' })).toHaveProperty('disabled', true);
    expect(log().textContent).toContain('How do I post a job?');
    // Thinking, until the first words arrive; focus waits on the conversation.
    expect(within(log()).getByText('AI Assistant is thinking…')).toBeTruthy();
    expect(document.activeElement).toBe(log());

    stream.send('delta', { text: 'Fill in the ' });
    await waitFor(() => expect(log().textContent).toContain('Fill in the'));
    expect(within(log()).queryByText('AI Assistant is thinking…')).toBeNull();
    stream.send('delta', { text: 'form.' });
    await waitFor(() => expect(log().textContent).toContain('Fill in the form.'));
    expect(input().disabled).toBe(true);

    stream.send('done', { message: 'Fill in the form.', links: [] });
    stream.close();
    await waitFor(() => expect(input().disabled).toBe(false));
    expect(document.activeElement).toBe(input());
    // Said once, as a message of its own: the words written as they came were hidden from screen readers.
    const replies = within(log()).getAllByText('Fill in the form.');
    expect(replies).toHaveLength(1);
    expect(replies[0]!.closest('[aria-hidden="true"]')).toBeNull();

    const headers = new Headers(chatCalls()[0]!.headers);
    expect(headers.get('Accept')).toBe('text/event-stream');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(chatCalls()[0]!.credentials).toBe('same-origin');
  });

  it('sends the context of the screen, the user type and the earlier turns', async () => {
    const { chatCalls } = mockChat([() => streamOf(['First answer.']), () => streamOf(['Second.'])]);
    await ready('/post-job');
    await openAssistant();
    ask('  First question  ');
    await waitFor(() => expect(input().disabled).toBe(false));
    ask('And then?');
    await waitFor(() => expect(chatCalls()).toHaveLength(2));

    expect(JSON.parse(String(chatCalls()[0]!.body))).toEqual({
      message: 'First question',
      context: 'posting a job',
      userType: 'authenticated',
      history: [],
    });
    expect(JSON.parse(String(chatCalls()[1]!.body))).toEqual({
      message: 'And then?',
      context: 'posting a job',
      userType: 'authenticated',
      history: [
        { role: 'user', content: 'First question' },
        { role: 'assistant', content: 'First answer.' },
      ],
    });
  });

  it('says guest for a visitor, with the context of where they are', async () => {
    const { chatCalls } = mockChat([() => streamOf(['Hello.'])], null);
    await ready('/terms');
    await openAssistant();
    ask('Hello');
    await waitFor(() => expect(chatCalls()).toHaveLength(1));
    expect(JSON.parse(String(chatCalls()[0]!.body))).toMatchObject({ userType: 'guest', context: 'general' });
  });

  it('ignores a blank message', async () => {
    const { chatCalls } = mockChat([() => streamOf(['Hi'])], null);
    await ready('/terms');
    await openAssistant();
    ask('   ');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send message' }));
    expect(chatCalls()).toHaveLength(0);
    expect(input().disabled).toBe(false);
    expect(within(log()).queryByText('AI Assistant is thinking…')).toBeNull();
  });

  it('follows a link in a reply to the screen and keeps the conversation open', async () => {
    const reply =
      'Read the [Privacy Policy](/privacy), not [this](https://evil.example) or [that](//evil.example).';
    mockChat([() => streamOf([reply])], null);
    const { router } = await ready('/terms');
    await openAssistant();
    ask('Where is the privacy policy?');

    const link = await within(log()).findByRole('link', { name: 'Privacy Policy' });
    expect(link.getAttribute('href')).toBe('/privacy');
    // Only the app's own paths become links; the rest stays text, never HTML.
    expect(within(log()).getAllByRole('link')).toHaveLength(1);
    expect(log().textContent).toContain('[this](https://evil.example)');
    expect(log().textContent).toContain('[that](//evil.example)');

    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy'));
    expect(screen.getByRole('dialog', { name: 'AI Assistant' })).toBeTruthy();
    expect(log().textContent).toContain('Where is the privacy policy?');
    expect(log().textContent).toContain('Read the Privacy Policy');
  });

  it('keeps the conversation from screen to screen, closed and opened again, and in this tab’s storage', async () => {
    mockChat([() => streamOf(['Use Browse.'])], null);
    const { router } = await ready('/terms');
    await openAssistant();
    ask('How do I find a plumber?');
    await waitFor(() => expect(input().disabled).toBe(false));
    fireEvent.keyDown(input(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await act(() => router.navigate('/privacy'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy'));
    await openAssistant();
    expect(log().textContent).toContain('How do I find a plumber?');
    expect(log().textContent).toContain('Use Browse.');

    const stored = JSON.parse(sessionStorage.getItem(ASSISTANT_STORAGE_KEY) ?? 'null');
    expect(stored.messages.map((m: { text: string }) => m.text)).toEqual([
      'How do I find a plumber?',
      'Use Browse.',
    ]);
  });

  it('forgets the conversation when the person signs out', async () => {
    mockChat([() => streamOf(['Your jobs are under Jobs.'])]);
    const { queryClient } = await ready('/terms');
    await openAssistant();
    ask('Where are my jobs?');
    await waitFor(() => expect(log().textContent).toContain('Your jobs are under Jobs.'));

    expect(sessionStorage.getItem(ASSISTANT_STORAGE_KEY)).not.toBeNull();

    // Log Out and account deletion end the session with clearSession.
    act(() => clearSession(queryClient));
    await waitFor(() => expect(log().textContent).not.toContain('Where are my jobs?'));
    expect(log().textContent).toContain(GREETING);
    await waitFor(() => expect(sessionStorage.getItem(ASSISTANT_STORAGE_KEY)).toBeNull());
  });

  it('has clearSession forget the stored conversation, panel open or not', async () => {
    sessionStorage.setItem(ASSISTANT_STORAGE_KEY, JSON.stringify({ owner: 'u1', messages: [] }));
    clearSession(new QueryClient());
    await waitFor(() => expect(sessionStorage.getItem(ASSISTANT_STORAGE_KEY)).toBeNull());
  });

  it('forgets the conversation when the session ends elsewhere (another tab, expiry)', async () => {
    mockChat([() => streamOf(['Your quotes are under Quotes.'])]);
    const { queryClient } = await ready('/terms');
    await openAssistant();
    ask('Where are my quotes?');
    await waitFor(() => expect(log().textContent).toContain('Your quotes are under Quotes.'));

    act(() => {
      queryClient.setQueryData(SESSION_QUERY_KEY, { user: null });
    });
    await waitFor(() => expect(log().textContent).not.toContain('Where are my quotes?'));
    expect(sessionStorage.getItem(ASSISTANT_STORAGE_KEY)).toBeNull();
  });

  it('says Sorry, I encountered an error when the request fails or the stream reports an error', async () => {
    const failing = eventStream();
    failing.send('delta', { text: 'Half an ans' });
    failing.send('error', { message: 'The assistant is unavailable' });
    failing.close();
    mockChat(
      [
        () => new Response(JSON.stringify({ error: { code: 'internal', message: 'Boom' } }), { status: 500 }),
        () => failing.response,
        () => Promise.reject(new TypeError('Failed to fetch')),
      ],
      null,
    );
    await ready('/terms');
    await openAssistant();

    ask('One');
    await waitFor(() => expect(within(log()).getAllByText(ASSISTANT_TEXTS.error)).toHaveLength(1));
    ask('Two');
    await waitFor(() => expect(within(log()).getAllByText(ASSISTANT_TEXTS.error)).toHaveLength(2));
    expect(log().textContent).not.toContain('Half an ans');
    ask('Three');
    await waitFor(() => expect(within(log()).getAllByText(ASSISTANT_TEXTS.error)).toHaveLength(3));
    expect(ASSISTANT_TEXTS.error).toBe('Sorry, I encountered an error. Please try again.');
    expect(input().disabled).toBe(false);
  });

  it('says I’m sorry, I couldn’t process that request when the reply has no message', async () => {
    const { chatCalls } = mockChat([() => streamOf([], { links: [] }), () => streamOf(['Fine.'])], null);
    await ready('/terms');
    await openAssistant();
    ask('Hmm');
    await waitFor(() =>
      expect(within(log()).getByText("I'm sorry, I couldn't process that request.")).toBeTruthy(),
    );
    // The widget's own words are not sent back as the assistant's.
    ask('Again');
    await waitFor(() => expect(chatCalls()).toHaveLength(2));
    expect(JSON.parse(String(chatCalls()[1]!.body)).history).toEqual([{ role: 'user', content: 'Hmm' }]);
  });

  it('shows the server’s message when too many questions were asked', async () => {
    mockChat(
      [
        () =>
          new Response(
            JSON.stringify({
              error: { code: 'rate_limited', message: 'Too many questions. Please wait a minute.' },
            }),
            { status: 429, headers: { 'Content-Type': 'application/json' } },
          ),
      ],
      null,
    );
    await ready('/terms');
    await openAssistant();
    ask('Quick');
    expect(await within(log()).findByText('Too many questions. Please wait a minute.')).toBeTruthy();
  });

  it('reads a reply sent whole as JSON too', async () => {
    mockChat(
      [
        () =>
          new Response(JSON.stringify({ message: 'All at once.', links: [] }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
      ],
      null,
    );
    await ready('/terms');
    await openAssistant();
    ask('Whole?');
    expect(await within(log()).findByText('All at once.')).toBeTruthy();
  });

  it('has no serious accessibility problems, open and after a reply', async () => {
    mockChat([() => streamOf(['See [Support](/support).'])], null);
    await ready('/terms');
    expect(await seriousAxeViolations()).toEqual([]);
    await openAssistant();
    ask('Help');
    await within(log()).findByRole('link', { name: 'Support' });
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('is a button of the tab bar on a phone, not floating over the page, and opens above the bar', async () => {
    mockChat([() => streamOf(['Hi'])]);
    await ready('/my-jobs');
    const tabBar = await screen.findByRole('navigation', { name: 'App' });
    // Below md the floating button hides (CSS: happy-dom keeps it) and the tab bar has the button.
    expect(openButton().className).toContain('max-md:hidden');
    const inBar = await within(tabBar).findByRole('button', { name: 'AI Assistant' });
    expect(inBar.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(inBar);
    await screen.findByRole('dialog', { name: 'AI Assistant' });
    await waitFor(() => expect(document.activeElement).toBe(input()));
    expect(dialog().className).toContain('bottom-[calc(5rem+1px+env(safe-area-inset-bottom))]');
    expect(inBar.getAttribute('aria-expanded')).toBe('true');
    // Escape closes it back to the bar's button, which opens and closes it.
    fireEvent.keyDown(input(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(inBar);
    fireEvent.click(inBar);
    await screen.findByRole('dialog', { name: 'AI Assistant' });
    fireEvent.click(inBar);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(inBar.getAttribute('aria-expanded')).toBe('false');
  });

  it('floats for a visitor, who has no tab bar', async () => {
    mockChat([() => streamOf(['Hi'])], null);
    await ready('/support');
    expect(screen.queryByRole('navigation', { name: 'App' })).toBeNull();
    expect(openButton().className).not.toContain('max-md:hidden');
    expect(screen.queryByRole('button', { name: 'AI Assistant' })).toBeNull();
  });

  describe('Talk to support', () => {
    const offer = () =>
      streamOf(['I cannot see your payments.'], {
        message: 'I cannot see your payments.',
        links: [],
        offerHandover: true,
      });

    it('is offered only with an answer that offers it', async () => {
      mockChat([() => streamOf(['Fill in the form.']), offer]);
      await ready('/my-jobs');
      await openAssistant();
      ask('How do I post a job?');
      await within(log()).findByText('Fill in the form.');
      expect(within(dialog()).queryByRole('button', { name: 'Talk to support' })).toBeNull();
      ask('I want a human');
      expect(await within(dialog()).findByRole('button', { name: 'Talk to support' })).toBeTruthy();
    });

    it('shares the conversation only once the person agrees, then opens Chat Support', async () => {
      const handover = vi.fn(() => ({ status: 201, body: { id: 's1' } }));
      const { fetchMock } = mockChat([offer], makeUser(), {
        'POST /api/v1/support/handover': handover,
        'GET /api/v1/support/conversations': () => ({ status: 200, body: { conversations: [] } }),
      });
      const { router } = await ready('/my-jobs');
      await openAssistant();
      ask('Where is my refund?');
      fireEvent.click(await within(dialog()).findByRole('button', { name: 'Talk to support' }));
      const consent = within(await within(dialog()).findByRole('form', { name: 'Talk to support' }));
      const box = consent.getByRole('checkbox', { name: 'Share this conversation with our support team' });
      expect((box as HTMLInputElement).checked).toBe(false);
      expect(consent.getByText('What will be shared (2 messages)')).toBeTruthy();
      expect(await seriousAxeViolations()).toEqual([]);

      fireEvent.click(consent.getByRole('button', { name: 'Continue' }));
      expect(await consent.findByText(SUPPORT_MESSAGES.consentRequired)).toBeTruthy();
      expect(document.activeElement).toBe(box);
      expect(handover).not.toHaveBeenCalled();

      fireEvent.click(box);
      fireEvent.click(consent.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/chat-support'));
      const sent = fetchMock.mock.calls
        .filter(([url]) => String(url) === '/api/v1/support/handover')
        .map(([, init]) => JSON.parse(String(init?.body)));
      expect(sent).toEqual([
        {
          consent: true,
          transcript: [
            { role: 'user', content: 'Where is my refund?' },
            { role: 'assistant', content: 'I cannot see your payments.' },
          ],
        },
      ]);
    });

    it('sends a visitor to Chat Support, to sign in or leave a message', async () => {
      mockChat([offer], null);
      await ready('/terms');
      await openAssistant();
      ask('I want a person');
      const link = await within(dialog()).findByRole('link', { name: 'Talk to support' });
      expect(link.getAttribute('href')).toBe('/chat-support');
    });
  });
});
