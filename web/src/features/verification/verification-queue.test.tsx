// @vitest-environment happy-dom
import { ADMIN_MESSAGES } from '@domain/admin/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toast';
import { validationErrorReply } from '@/test/field-errors';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { bodiesSentTo } from '@/test/requests';
import { findArticle } from '@/test/screen';
import { makeAdminDocument, makeQueue } from './test-fixtures';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const admin = makeUser({ isAdmin: true, fullName: 'Ada Admin' });
const QUEUE = 'GET /api/v1/admin/verifications';

const passport = makeAdminDocument();
const insurance = makeAdminDocument({
  id: '40000000-0000-4000-8000-000000000002',
  kind: 'insurance',
  title: 'Public liability 2027',
  fileName: 'insurance.pdf',
  mimeType: 'application/pdf',
  expiresOn: '2027-03-31',
  version: 1,
  createdAt: '2026-11-03T09:00:00Z',
  replaces: {
    id: '40000000-0000-4000-8000-000000000003',
    title: 'Public liability 2026',
    status: 'approved',
    expiresOn: '2026-12-31',
  },
});
const decisionPath = (id: string) => `POST /api/v1/admin/documents/${id}/decision`;

afterEach(resetBetweenTests);

type FetchMock = { mock: { calls: [RequestInfo | URL, RequestInit?][] } };

/** The queue's GET requests, by their ?status=. */
function queueRequests(fetchMock: FetchMock, status = 'pending') {
  return fetchMock.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return (
      (init?.method ?? 'GET') === 'GET' &&
      url.pathname === '/api/v1/admin/verifications' &&
      url.searchParams.get('status') === status
    );
  });
}

describe('the verification queue (/admin/verifications)', () => {
  it('lists each pending document with its tradesperson, kind, dates and what it replaces', async () => {
    mockApi({
      ...sessionHandler(admin),
      [QUEUE]: () => ({ status: 200, body: makeQueue([passport, insurance]) }),
    });
    renderApp('/admin/verifications');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verification Queue' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect((await screen.findByRole('tab', { name: /Pending/ })).textContent).toContain('(2)');
    const doc = await findArticle('Public liability 2027');
    expect(doc.getByText('Public liability insurance')).toBeTruthy();
    expect(doc.getByRole('link', { name: 'Tom Pipes' }).getAttribute('href')).toBe(
      `/admin/users/${passport.tradesperson.id}`,
    );
    expect(doc.getByText('tom@example.com')).toBeTruthy();
    expect(doc.getByText('Plumber')).toBeTruthy();
    expect(doc.getByText('Not verified')).toBeTruthy();
    expect(doc.getByText('Pending review')).toBeTruthy();
    expect(doc.getByText('31 Mar 2027')).toBeTruthy();
    expect(doc.getByText(/Uploaded/).nextElementSibling?.textContent).toBe('3 Nov 2026, 09:00');
    expect(doc.getByText(/Replaces/).textContent).toContain('Public liability 2026 (expires 31 Dec 2026)');
    // Oldest first, as the server sends them.
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Passport', 'Public liability 2027']);
  });

  it('shows an image inline when asked', async () => {
    mockApi({ ...sessionHandler(admin), [QUEUE]: () => ({ status: 200, body: makeQueue([passport]) }) });
    renderApp('/admin/verifications');
    const doc = await findArticle('Passport');
    const toggle = doc.getByRole('button', { name: 'View file' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(doc.getByRole('button', { name: 'Hide file' }).getAttribute('aria-expanded')).toBe('true');
    const image = doc.getByRole('img', { name: 'Photo ID from Tom Pipes: Passport' });
    expect(image.getAttribute('src')).toBe(passport.fileUrl);
    // A file that does not load says so instead of a broken image.
    fireEvent.error(image);
    expect(doc.getByRole('alert').textContent).toContain('This image could not be loaded.');
  });

  it('approves with the version it showed, and the document leaves the list', async () => {
    let queue = makeQueue([passport, insurance]);
    const fetchMock = mockApi({
      ...sessionHandler(admin),
      [QUEUE]: () => ({ status: 200, body: queue }),
      [decisionPath(passport.id)]: () => {
        queue = makeQueue([insurance]);
        return {
          status: 200,
          body: { document: { ...passport, status: 'approved', version: 4 }, verified: false },
        };
      },
    });
    renderApp('/admin/verifications');
    const doc = await findArticle('Passport');
    fireEvent.click(doc.getByRole('button', { name: 'Approve Passport from Tom Pipes' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Passport' })).toBeNull());
    expect(bodiesSentTo(fetchMock, decisionPath(passport.id))[0]).toEqual({
      decision: 'approve',
      version: 3,
    });
    expect(showSuccess).toHaveBeenCalledWith('Document approved', 'Tom Pipes is not verified.');
    expect(screen.getByRole('heading', { level: 2, name: 'Public liability 2027' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { name: /Pending/ }).textContent).toContain('(1)'));
  });

  it('will not reject without a reason, then sends the reason with the version', async () => {
    let queue = makeQueue([passport]);
    const fetchMock = mockApi({
      ...sessionHandler(admin),
      [QUEUE]: () => ({ status: 200, body: queue }),
      [decisionPath(passport.id)]: () => {
        queue = makeQueue([]);
        return {
          status: 200,
          body: { document: { ...passport, status: 'rejected', version: 4 }, verified: false },
        };
      },
    });
    renderApp('/admin/verifications');
    const doc = await findArticle('Passport');
    fireEvent.click(doc.getByRole('button', { name: 'Reject Passport from Tom Pipes' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject this document?' }));
    const reason = dialog.getByRole('textbox', { name: /Reason/ });
    fireEvent.click(dialog.getByRole('button', { name: 'Reject document' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.getByText(ADMIN_MESSAGES.reasonRequired)).toBeTruthy();

    fireEvent.change(reason, { target: { value: 'x'.repeat(501) } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reject document' }));
    expect(await dialog.findByText(ADMIN_MESSAGES.reasonLong)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, decisionPath(passport.id))[0]).toBeUndefined();

    fireEvent.change(reason, { target: { value: '  The photo is blurred  ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reject document' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, decisionPath(passport.id))[0]).toEqual({
      decision: 'reject',
      version: 3,
      reason: 'The photo is blurred',
    });
    expect(showSuccess).toHaveBeenCalledWith('Document rejected', 'Tom Pipes is not verified.');
    expect(await screen.findByText('No documents waiting for review')).toBeTruthy();
  });

  it('shows the server’s reason message beside the field', async () => {
    mockApi({
      ...sessionHandler(admin),
      [QUEUE]: () => ({ status: 200, body: makeQueue([passport]) }),
      [decisionPath(passport.id)]: () => validationErrorReply('reason', ADMIN_MESSAGES.reasonRequired),
    });
    renderApp('/admin/verifications');
    fireEvent.click((await findArticle('Passport')).getByRole('button', { name: /^Reject/ }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Blurred' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reject document' }));
    expect(await dialog.findByText(ADMIN_MESSAGES.reasonRequired)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says so when the document changed meanwhile (409), and reloads the queue', async () => {
    let queue = makeQueue([passport]);
    const fetchMock = mockApi({
      ...sessionHandler(admin),
      [QUEUE]: () => ({ status: 200, body: queue }),
      [decisionPath(passport.id)]: () => {
        queue = makeQueue([{ ...passport, title: 'Passport (new scan)', version: 5 }]);
        return {
          status: 409,
          body: { error: { code: 'document_changed', message: ADMIN_MESSAGES.documentChanged } },
        };
      },
    });
    renderApp('/admin/verifications');
    const doc = await findArticle('Passport');
    await waitFor(() => expect(queueRequests(fetchMock)).toHaveLength(1));
    fireEvent.click(doc.getByRole('button', { name: /^Approve/ }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error', ADMIN_MESSAGES.documentChanged));
    expect(await screen.findByRole('heading', { level: 2, name: 'Passport (new scan)' })).toBeTruthy();
    expect(queueRequests(fetchMock).length).toBeGreaterThanOrEqual(2);
    expect(showSuccess).not.toHaveBeenCalled();
  });

  it('closes the reject dialog on a 409 and shows the server’s words', async () => {
    mockApi({
      ...sessionHandler(admin),
      [QUEUE]: () => ({ status: 200, body: makeQueue([passport]) }),
      [decisionPath(passport.id)]: () => ({
        status: 409,
        body: { error: { code: 'not_decidable', message: ADMIN_MESSAGES.notDecidable } },
      }),
    });
    renderApp('/admin/verifications');
    fireEvent.click((await findArticle('Passport')).getByRole('button', { name: /^Reject/ }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Blurred' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reject document' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error', ADMIN_MESSAGES.notDecidable));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when nothing is waiting', async () => {
    mockApi({ ...sessionHandler(admin), [QUEUE]: () => ({ status: 200, body: makeQueue([]) }) });
    renderApp('/admin/verifications');
    expect(await screen.findByText('No documents waiting for review', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('lists decisions on the Decided tab, where an approval can be withdrawn', async () => {
    const approved = makeAdminDocument({
      status: 'approved',
      reviewedAt: '2026-11-04T10:00:00Z',
      reviewerName: 'Ada Admin',
    });
    const rejected = makeAdminDocument({
      id: '40000000-0000-4000-8000-000000000005',
      title: 'Old licence',
      status: 'rejected',
      rejectionReason: 'Expired',
    });
    // The decided list is the pending list's path with ?status=decided.
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/v1/auth/session') return json(200, { user: admin });
      if (url.pathname === '/api/v1/admin/verifications') {
        const decided = url.searchParams.get('status') === 'decided';
        return json(200, decided ? makeQueue([approved, rejected], 0) : makeQueue([], 0));
      }
      if (init?.method === 'POST' && url.pathname === `/api/v1/admin/documents/${approved.id}/decision`) {
        return json(200, { document: { ...approved, status: 'rejected' }, verified: false });
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/admin/verifications?status=decided');
    expect(
      await screen.findByRole('tab', { name: 'Decided', selected: true }, { timeout: 5000 }),
    ).toBeTruthy();
    const doc = await findArticle('Passport');
    expect(doc.getByText('Approved')).toBeTruthy();
    expect(doc.getByText(/Decided/).nextElementSibling?.textContent).toBe('4 Nov 2026 by Ada Admin');
    expect(doc.queryByRole('button', { name: /^Approve/ })).toBeNull();
    const other = await findArticle('Old licence');
    expect(other.getByText('Expired')).toBeTruthy();
    expect(other.queryByRole('button', { name: /Withdraw|Reject/ })).toBeNull();

    fireEvent.click(doc.getByRole('button', { name: 'Withdraw approval of Passport from Tom Pipes' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw this approval?' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Issued to someone else' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Withdraw approval' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('Document rejected', 'Tom Pipes is not verified.'),
    );
    expect(bodiesSentTo(fetchMock, decisionPath(approved.id))[0]).toEqual({
      decision: 'reject',
      version: 3,
      reason: 'Issued to someone else',
    });

    fireEvent.mouseDown(screen.getByRole('tab', { name: /Pending/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
