// @vitest-environment happy-dom
import { ADMIN_MESSAGES } from '@domain/admin/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toast';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { ADMIN_ID, makeUserDetail, makeUserSummary, TRADESPERSON_ID } from './test-fixtures';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const admin = makeUser({ id: ADMIN_ID, isAdmin: true, fullName: 'Ada Admin' });
const USERS = 'GET /api/v1/admin/users';
const USER = `GET /api/v1/admin/users/${TRADESPERSON_ID}`;
const SUSPEND = `POST /api/v1/admin/users/${TRADESPERSON_ID}/suspend`;

afterEach(resetBetweenTests);

type FetchMock = ReturnType<typeof mockApi>;

/** The query strings of the users list's requests, in order. */
function listRequests(fetchMock: FetchMock) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/admin/users')
    .map((url) => url.searchParams);
}

const ann = makeUserSummary({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ann@example.com',
  fullName: 'Ann Smith',
  userType: 'customer',
  verified: null,
});

describe('the users list (/admin/users)', () => {
  it('lists accounts with their badges, each linking to its page', async () => {
    mockApi({
      ...sessionHandler(admin),
      [USERS]: () => ({
        status: 200,
        body: {
          users: [
            makeUserSummary(),
            { ...ann, isAdmin: true },
            makeUserSummary({
              id: 'u3',
              email: 'sid@example.com',
              fullName: 'Sid Sus',
              verified: false,
              suspendedAt: '2026-11-01T10:00:00Z',
            }),
          ],
          nextCursor: null,
        },
      }),
    });
    renderApp('/admin/users');
    const list = within(await screen.findByRole('list', { name: 'Users' }, { timeout: 5000 }));
    const rows = list.getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link', { name: 'Tom Pipes' }).getAttribute('href')).toBe(
      `/admin/users/${TRADESPERSON_ID}`,
    );
    expect(within(rows[0]!).getByText('Verified')).toBeTruthy();
    expect(within(rows[1]!).getByText('Admin')).toBeTruthy();
    expect(within(rows[1]!).queryByText(/Verified/)).toBeNull();
    expect(within(rows[2]!).getByText('Suspended')).toBeTruthy();
    expect(within(rows[2]!).getByText('Not verified')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches once typing pauses, and keeps the search and the filter in the URL', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(admin),
      [USERS]: () => ({ status: 200, body: { users: [ann], nextCursor: null } }),
    });
    const { router } = renderApp('/admin/users');
    const box = await screen.findByRole('searchbox', { name: 'Search by name or email' }, { timeout: 5000 });
    await waitFor(() => expect(listRequests(fetchMock)).toHaveLength(1));
    expect(listRequests(fetchMock)[0]?.get('filter')).toBe('all');
    expect(listRequests(fetchMock)[0]?.has('q')).toBe(false);

    fireEvent.change(box, { target: { value: 'a' } });
    fireEvent.change(box, { target: { value: 'an' } });
    fireEvent.change(box, { target: { value: 'ann ' } });
    await waitFor(() => expect(listRequests(fetchMock).at(-1)?.get('q')).toBe('ann'));
    // One request for the pause, not one per key.
    expect(listRequests(fetchMock)).toHaveLength(2);
    expect(router.state.location.search).toBe('?q=ann');
    // The space being typed stays in the box.
    expect((box as HTMLInputElement).value).toBe('ann ');

    const chips = within(screen.getByRole('group', { name: 'Filter users' }));
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All',
      'Customers',
      'Tradespeople',
      'Admins',
      'Suspended',
    ]);
    fireEvent.click(chips.getByRole('button', { name: 'Suspended' }));
    await waitFor(() => expect(listRequests(fetchMock).at(-1)?.get('filter')).toBe('suspended'));
    expect(listRequests(fetchMock).at(-1)?.get('q')).toBe('ann');
    expect(chips.getByRole('button', { name: 'Suspended' }).getAttribute('aria-pressed')).toBe('true');
    expect(new URLSearchParams(router.state.location.search).get('filter')).toBe('suspended');
  });

  it('starts from the search and filter in the URL', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(admin),
      [USERS]: () => ({ status: 200, body: { users: [], nextCursor: null } }),
    });
    renderApp('/admin/users?q=zed&filter=admin');
    expect(await screen.findByText('No users match', {}, { timeout: 5000 })).toBeTruthy();
    const params = listRequests(fetchMock)[0]!;
    expect([params.get('q'), params.get('filter')]).toEqual(['zed', 'admin']);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('zed');
  });

  it('loads the next page with the cursor it was given', async () => {
    let page = 0;
    const fetchMock = mockApi({
      ...sessionHandler(admin),
      [USERS]: () => {
        page += 1;
        return page === 1
          ? { status: 200, body: { users: [makeUserSummary()], nextCursor: 'c2' } }
          : { status: 200, body: { users: [ann], nextCursor: null } };
      },
    });
    renderApp('/admin/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }, { timeout: 5000 }));
    await waitFor(() => expect(listRequests(fetchMock).at(-1)?.get('cursor')).toBe('c2'));
    expect(await screen.findByRole('link', { name: 'Ann Smith' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tom Pipes' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });
});

describe('a user’s page (/admin/users/:id)', () => {
  it('shows the account, its bookings, documents, sessions and audit trail', async () => {
    mockApi({ ...sessionHandler(admin), [USER]: () => ({ status: 200, body: makeUserDetail() }) });
    renderApp(`/admin/users/${TRADESPERSON_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tom Pipes' }, { timeout: 5000 }),
    ).toBeTruthy();
    const account = within(screen.getByRole('region', { name: 'Account' }));
    expect(account.getByText('Role').nextElementSibling?.textContent).toBe('Tradesperson');
    expect(account.getByText('Status').nextElementSibling?.textContent).toBe('Active');
    const bookings = within(screen.getByRole('region', { name: /Bookings/ }));
    expect(bookings.getByText('£249.99')).toBeTruthy();
    expect(bookings.getByRole('link', { name: 'Fix a leaking tap' }).getAttribute('href')).toBe(
      '/job/10000000-0000-4000-8000-000000000001',
    );
    const documents = within(screen.getByRole('region', { name: /Documents/ }));
    expect(documents.getByRole('heading', { level: 3, name: 'Passport' })).toBeTruthy();
    expect(
      documents.getByRole('button', { name: 'Withdraw approval of Passport from Tom Pipes' }),
    ).toBeTruthy();
    const sessions = within(screen.getByRole('region', { name: /Sessions/ }));
    expect(sessions.getByText('203.0.113.7')).toBeTruthy();
    expect(sessions.getByText('Mozilla/5.0 (iPhone)')).toBeTruthy();
    const audit = within(screen.getByRole('region', { name: /Audit trail/ }));
    expect(audit.getByText('Document approved')).toBeTruthy();
    expect(audit.getByText(/By Ada Admin/)).toBeTruthy();
    // Only what changed: the status and the version, not the unchanged verified flag.
    expect(audit.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Document approved'),
      'Status: pending →  changed to approved',
      'Version: 3 →  changed to 4',
    ]);
  });

  it('will not suspend without a reason, then shows the account suspended', async () => {
    let detail = makeUserDetail();
    const fetchMock = mockApi({
      ...sessionHandler(admin),
      [USER]: () => ({ status: 200, body: detail }),
      [SUSPEND]: () => {
        detail = makeUserDetail({
          suspendedAt: '2026-11-21T10:00:00Z',
          suspensionReason: 'Fake insurance documents',
        });
        return { status: 200, body: detail };
      },
    });
    renderApp(`/admin/users/${TRADESPERSON_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend' }, { timeout: 5000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Suspend this account?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Suspend account' }));
    expect(await dialog.findByText(ADMIN_MESSAGES.reasonRequired)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(dialog.getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Fake insurance documents' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Suspend account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'Fake insurance documents' });
    expect(showSuccess).toHaveBeenCalledWith('Account suspended', 'Tom Pipes');
    const account = within(screen.getByRole('region', { name: 'Account' }));
    expect(account.getByText('Status').nextElementSibling?.textContent).toBe('Suspended 21 Nov 2026');
    expect(account.getByText('Reason for suspension').nextElementSibling?.textContent).toBe(
      'Fake insurance documents',
    );
    expect(screen.getAllByText('Suspended').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Reinstate' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
    // The Suspend button has gone: focus goes to the account's new state, not the top of the page.
    await waitFor(() => expect(document.activeElement?.id).toBe('account-heading'));
  });

  it('shows the server’s refusal (409) as an error toast', async () => {
    mockApi({
      ...sessionHandler(admin),
      [USER]: () => ({ status: 200, body: makeUserDetail({ isAdmin: true }) }),
      [`DELETE /api/v1/admin/users/${TRADESPERSON_ID}/admin`]: () => ({
        status: 409,
        body: { error: { code: 'account_state', message: ADMIN_MESSAGES.notAdmin } },
      }),
    });
    renderApp(`/admin/users/${TRADESPERSON_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove admin' }, { timeout: 5000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove admin access?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Remove admin' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error', ADMIN_MESSAGES.notAdmin));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers an admin neither suspending nor removing their own access', async () => {
    mockApi({
      ...sessionHandler(admin),
      [`GET /api/v1/admin/users/${ADMIN_ID}`]: () => ({
        status: 200,
        body: makeUserDetail({ id: ADMIN_ID, fullName: 'Ada Admin', isAdmin: true, userType: 'customer' }),
      }),
    });
    renderApp(`/admin/users/${ADMIN_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ada Admin' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove admin' })).toBeNull();
  });
});
