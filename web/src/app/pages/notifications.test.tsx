// @vitest-environment happy-dom
import type { NotificationsPage, NotificationView } from '@domain/notifications/schemas';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeEventSource, stubEventSource } from '@/test/event-source';
import { JOB_ID } from '@/test/fixtures';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { queriesSentTo } from '@/test/requests';

afterEach(resetBetweenTests);

const LIST = 'GET /api/v1/notifications';
const COUNT = 'GET /api/v1/notifications/unread-count';
const FIRST_ID = '50000000-0000-4000-8000-000000000001';

function makeNotification(overrides: Partial<NotificationView> = {}): NotificationView {
  return {
    id: FIRST_ID,
    kind: 'quote.received',
    title: "New quote for 'Fix a leaking tap'",
    body: 'Tom Pipes sent you a quote of £120.00.',
    link: `/job/${JOB_ID}`,
    read: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

const page = (notifications: NotificationView[], nextCursor: string | null = null) => ({
  status: 200,
  body: { notifications, nextCursor } satisfies NotificationsPage,
});
const count = (unread: number) => () => ({ status: 200, body: { unread } });

describe('Notifications', () => {
  it("shows the unread count on the header's bell, which opens the page", async () => {
    mockApi({ ...sessionHandler(makeUser()), [COUNT]: count(3), [LIST]: () => page([]) });
    const { router } = renderApp('/home');
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    // Not among the bottom navigation's five fixed items.
    const nav = within(screen.getByRole('navigation', { name: 'App' }));
    expect(nav.queryByRole('link', { name: /Notifications/ })).toBeNull();
    fireEvent.click(bell);
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
  });

  it('names the bell without a count when everything is read, and shows none to visitors', async () => {
    mockApi({ ...sessionHandler(makeUser()), [COUNT]: count(0) });
    renderApp('/home');
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    cleanup();
    const fetchMock = mockApi(sessionHandler(null));
    renderApp('/browse-services');
    expect(await screen.findByRole('link', { name: 'Log In' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Notifications/ })).toBeNull();
    expect(queriesSentTo(fetchMock, '/api/v1/notifications/unread-count')).toHaveLength(0);
  });

  it('shows a skeleton while loading, then says No notifications yet', async () => {
    let answer: (reply: ReturnType<typeof page>) => void = () => {};
    mockApi({
      ...sessionHandler(makeUser()),
      [COUNT]: count(0),
      [LIST]: () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    act(() => answer(page([])));
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('lists notifications newest first, marking the unread ones for every reader', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      [COUNT]: count(1),
      [LIST]: () =>
        page([
          makeNotification(),
          makeNotification({
            id: '50000000-0000-4000-8000-000000000002',
            title: "Booking confirmed for 'Paint the hall'",
            body: 'Tom Pipes confirmed your booking.',
            link: '/my-jobs',
            read: true,
            createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
          }),
        ]),
    });
    renderApp('/notifications');
    const [first, second] = await screen.findAllByRole('link', { name: /quote|Booking/ });
    expect(first!.getAttribute('href')).toBe(`/job/${JOB_ID}`);
    expect(first!.textContent).toContain("Unread: New quote for 'Fix a leaking tap'");
    expect(first!.textContent).toContain('Tom Pipes sent you a quote of £120.00.');
    expect(within(first!).getByText('5m ago')).toBeTruthy();
    expect(second!.getAttribute('href')).toBe('/my-jobs');
    expect(second!.textContent).not.toContain('Unread');
    expect(within(second!).getByText('3h ago')).toBeTruthy();
  });

  it('marks a notification read when it is opened, and goes to its link', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(makeUser()),
      [COUNT]: count(1),
      [LIST]: () => page([makeNotification({ link: '/my-jobs' })]),
      [`POST /api/v1/notifications/${FIRST_ID}/read`]: () => ({
        status: 200,
        body: { notification: makeNotification({ read: true }) },
      }),
    });
    const { router } = renderApp('/notifications');
    fireEvent.click(await screen.findByRole('link', { name: /New quote/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-jobs'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => String(url).endsWith(`/notifications/${FIRST_ID}/read`) && init?.method === 'POST',
        ),
      ).toBe(true),
    );
  });

  it('shows verification news from the review team, which opens Documents', async () => {
    const tradesperson = makeUser({ userType: 'tradesperson' });
    mockApi({
      ...sessionHandler(tradesperson),
      [COUNT]: count(2),
      [LIST]: () =>
        page([
          makeNotification({
            kind: 'document.rejected',
            title: 'Public liability insurance rejected',
            body: "We could not accept 'Hiscox policy': the name does not match your account.",
            link: '/documents',
          }),
          makeNotification({
            id: '50000000-0000-4000-8000-000000000002',
            kind: 'document.expiring',
            title: 'Your insurance expires in 30 days',
            body: "'Hiscox policy' expires on Friday 3 July 2026. Upload your renewed certificate now.",
            link: '/documents',
          }),
        ]),
      'GET /api/v1/documents': () => ({
        status: 200,
        body: { documents: [], verification: { verified: false, missing: ['photo_id', 'insurance'] } },
      }),
    });
    const { router } = renderApp('/notifications');
    const rejected = await screen.findByRole('link', { name: /insurance rejected/ });
    expect(rejected.textContent).toContain("We could not accept 'Hiscox policy'");
    expect(rejected.getAttribute('href')).toBe('/documents');
    expect(screen.getByRole('link', { name: /expires in 30 days/ }).getAttribute('href')).toBe('/documents');
    fireEvent.click(rejected);
    await waitFor(() => expect(router.state.location.pathname).toBe('/documents'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Documents' })).toBeTruthy();
  });

  it('marks all as read', async () => {
    let unread = 2;
    const fetchMock = mockApi({
      ...sessionHandler(makeUser()),
      [COUNT]: () => ({ status: 200, body: { unread } }),
      [LIST]: () =>
        page([
          makeNotification({ read: unread === 0 }),
          makeNotification({ id: '50000000-0000-4000-8000-000000000002', read: unread === 0 }),
        ]),
      'POST /api/v1/notifications/read-all': () => {
        unread = 0;
        return { status: 200, body: { read: 2 } };
      },
    });
    renderApp('/notifications');
    expect(await screen.findAllByText('Unread:', { exact: false })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByText('Unread:', { exact: false })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(queriesSentTo(fetchMock, '/api/v1/notifications/read-all')).toHaveLength(1);
  });

  it('loads more with the cursor it was given', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(makeUser()),
      [COUNT]: count(0),
      [LIST]: () =>
        queriesSentTo(fetchMock, '/api/v1/notifications').at(-1)?.get('cursor') === 'page-2'
          ? page([
              makeNotification({
                id: '50000000-0000-4000-8000-000000000009',
                title: "Quote withdrawn for 'Rewire the loft'",
                read: true,
              }),
            ])
          : page([makeNotification({ read: true })], 'page-2'),
    });
    renderApp('/notifications');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText("Quote withdrawn for 'Rewire the loft'")).toBeTruthy();
    expect(screen.getByText("New quote for 'Fix a leaking tap'")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('offers to try again when the list fails to load', async () => {
    let fail = true;
    mockApi({
      ...sessionHandler(makeUser()),
      [COUNT]: count(0),
      [LIST]: () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } }
          : page([makeNotification()]),
    });
    renderApp('/notifications');
    expect(await screen.findByText('We could not load your notifications.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText("New quote for 'Fix a leaking tap'")).toBeTruthy();
  });

  it('refetches the bell when the event stream says a notification arrived', async () => {
    stubEventSource();
    let unread = 0;
    mockApi({ ...sessionHandler(makeUser()), [COUNT]: () => ({ status: 200, body: { unread } }) });
    renderApp('/home');
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    unread = 1;
    FakeEventSource.instances[0]!.emit('notification', {});
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeTruthy();
  });

  it('sends a visitor to sign in', async () => {
    mockApi(sessionHandler(null));
    const { router } = renderApp('/notifications');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });
});
