// @vitest-environment happy-dom

import { londonToday } from '@domain/marketplace/schemas';
import type { DocumentView } from '@domain/profiles/api';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentsAnswer, makeDocument } from '@/features/verification/test-fixtures';
import { showError, showSuccess } from '@/lib/toast';
import { FakeEventSource, stubEventSource } from '@/test/event-source';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { requestsTo } from '@/test/requests';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

const tradesperson = makeUser({ userType: 'tradesperson', fullName: 'Tom Trade' });
const LIST = 'GET /api/v1/documents';
const UPLOAD = 'POST /api/v1/documents';

/** A calendar date `days` from today (UK), as the API writes them. */
function inDays(days: number): string {
  const [y, m, d] = londonToday().split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

const ID = (n: number) => `40000000-0000-4000-8000-00000000000${n}`;
const approvedId = makeDocument({ id: ID(1), status: 'approved', title: 'Passport' });
const rejectedInsurance = makeDocument({
  id: ID(2),
  kind: 'insurance',
  title: 'Hiscox policy',
  fileName: 'policy.pdf',
  status: 'rejected',
  expiresOn: inDays(200),
  rejectionReason: 'The policy holder’s name does not match your account',
});
const expiredAccreditation = makeDocument({
  id: ID(3),
  kind: 'accreditation',
  title: 'Gas Safe Register',
  fileName: 'gas-safe.png',
  status: 'expired',
  expiresOn: inDays(-3),
});
const pendingInsurance = makeDocument({
  id: ID(4),
  kind: 'insurance',
  title: 'Renewed policy',
  fileName: 'renewal.pdf',
  status: 'pending',
  expiresOn: inDays(365),
});

function serve(documents: DocumentView[], missing?: ('photo_id' | 'insurance')[]) {
  return mockApi({
    ...sessionHandler(tradesperson),
    [LIST]: () => ({ status: 200, body: documentsAnswer(documents, missing) }),
  });
}

async function openDocuments() {
  const app = renderApp('/documents');
  expect(await screen.findByRole('heading', { level: 1, name: 'Documents' }, { timeout: 5000 })).toBeTruthy();
  return app;
}

const summary = () => screen.findByRole('region', { name: 'Your verification' });
const list = () => within(screen.getByRole('list', { name: 'Your documents' }));
const row = (title: string) => list().getByText(title).closest('li')!;
const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const uploads = (fetchMock: ReturnType<typeof mockApi>) => requestsTo(fetchMock, 'POST /api/v1/documents');

describe('Documents', () => {
  it('lists the documents with their status and says when the tradesperson is verified', async () => {
    const insurance = makeDocument({
      id: ID(5),
      kind: 'insurance',
      title: 'Public liability insurance',
      fileName: 'cover.pdf',
      status: 'approved',
      expiresOn: inDays(200),
    });
    serve([approvedId, insurance, expiredAccreditation, pendingInsurance]);
    await openDocuments();
    expect((await summary()).textContent).toContain(
      'You are verified: your badge shows and you appear in search.',
    );
    // Sections under the page's h1 are h2s (in Business Setup they sit under the step's h2).
    expect(screen.getByRole('heading', { level: 2, name: 'Your documents' })).toBeTruthy();
    expect(list().getAllByRole('listitem')).toHaveLength(4);
    expect(within(row('Passport')).getByText('Approved')).toBeTruthy();
    expect(row('Public liability insurance').textContent).toContain('cover.pdf · expires');
    expect(within(row('Gas Safe Register')).getByText('Expired')).toBeTruthy();
    expect(row('Gas Safe Register').textContent).toContain('gas-safe.png · expired');
    expect(within(row('Renewed policy')).getByText('Pending review')).toBeTruthy();
    // Replace on decided documents, Remove on the pending one only.
    expect(within(row('Passport')).getByRole('button', { name: 'Replace Passport' })).toBeTruthy();
    expect(
      within(row('Gas Safe Register')).getByRole('button', { name: 'Replace Gas Safe Register' }),
    ).toBeTruthy();
    expect(within(row('Renewed policy')).queryByRole('button', { name: /Replace/ })).toBeNull();
    expect(within(row('Renewed policy')).getByRole('button', { name: 'Remove Renewed policy' })).toBeTruthy();
    expect(within(row('Passport')).queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('ticks what verification has and says what it still needs, pending documents as waiting', async () => {
    serve([approvedId, pendingInsurance], ['insurance']);
    await openDocuments();
    const checklist = await summary();
    expect(checklist.textContent).toContain('You are not verified yet.');
    const item = (text: string) => within(checklist).getByText(text).closest('li')!.textContent;
    expect(item('Photo ID approved')).toBe('Photo ID approved: done');
    expect(item('In-date public liability insurance approved')).toBe(
      'In-date public liability insurance approved — waiting for review',
    );
    cleanup();

    serve([], ['photo_id', 'insurance']);
    await openDocuments();
    const empty = await summary();
    expect(within(empty).getByText('Photo ID approved').closest('li')!.textContent).toBe(
      'Photo ID approved: not yet',
    );
    expect(
      within(empty).getByText('In-date public liability insurance approved').closest('li')!.textContent,
    ).toBe('In-date public liability insurance approved: not yet');
    expect(screen.getByText('No documents yet. Upload your photo ID and insurance below.')).toBeTruthy();
  });

  it('shows why a document was rejected', async () => {
    serve([rejectedInsurance]);
    await openDocuments();
    await screen.findByText('Hiscox policy');
    const rejected = within(row('Hiscox policy'));
    expect(rejected.getByText('Rejected')).toBeTruthy();
    expect(rejected.getByText(/The policy holder’s name does not match your account/).textContent).toBe(
      'Reason: The policy holder’s name does not match your account',
    );
  });

  it('replaces a document: the form opens with its kind, and the upload names the one it replaces', async () => {
    let documents = [approvedId, rejectedInsurance];
    const fetchMock = mockApi({
      ...sessionHandler(tradesperson),
      [LIST]: () => ({ status: 200, body: documentsAnswer(documents) }),
      [UPLOAD]: (init) => {
        const form = init?.body as FormData;
        const doc = makeDocument({
          id: ID(6),
          kind: 'insurance',
          title: String(form.get('title')),
          fileName: (form.get('file') as File).name,
          expiresOn: String(form.get('expiresOn')),
          replacesId: String(form.get('replaces')),
        });
        documents = [doc, ...documents];
        return { status: 201, body: { document: doc } };
      },
    });
    await openDocuments();
    fireEvent.click(await screen.findByRole('button', { name: 'Replace Hiscox policy' }));

    const heading = await screen.findByRole('heading', { name: "Replace 'Hiscox policy'" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const kind = field(/^Document type/) as unknown as HTMLSelectElement;
    expect(kind.value).toBe('insurance');
    expect(kind.disabled).toBe(true);
    expect(field('Title').value).toBe('Hiscox policy');

    // The upload form's own checks still apply, and keep what was typed.
    fireEvent.change(field('Title'), { target: { value: 'Hiscox policy 2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload document' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Validation Error', 'Please enter the insurance expiry date'),
    );
    expect(field('Title').value).toBe('Hiscox policy 2026');
    expect(uploads(fetchMock)).toHaveLength(0);

    fireEvent.change(field(/^Expiry date/), { target: { value: '2099-06-30' } });
    const certificate = new File(['%PDF-1.4'], 'renewal.pdf', { type: 'application/pdf' });
    fireEvent.change(field(/^File/), { target: { files: [certificate] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload document' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Document uploaded', expect.any(String)));

    const sent = uploads(fetchMock)[0]?.[1]?.body as FormData;
    expect(sent.get('replaces')).toBe(rejectedInsurance.id);
    expect(sent.get('kind')).toBe('insurance');
    expect(sent.get('title')).toBe('Hiscox policy 2026');
    expect(sent.get('expiresOn')).toBe('2099-06-30');
    expect((sent.get('file') as File).name).toBe('renewal.pdf');

    // The new row says what it replaces; the form is back to a plain upload.
    expect(await screen.findByText("Replaces 'Hiscox policy'")).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Upload a document' })).toBeTruthy();
    expect((field(/^Document type/) as unknown as HTMLSelectElement).disabled).toBe(false);
  });

  it('sends no replaces field for an ordinary upload, and can cancel a replace', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(tradesperson),
      [LIST]: () => ({ status: 200, body: documentsAnswer([approvedId]) }),
      [UPLOAD]: () => ({ status: 201, body: { document: makeDocument({ id: ID(7) }) } }),
    });
    await openDocuments();
    fireEvent.click(await screen.findByRole('button', { name: 'Replace Passport' }));
    await screen.findByRole('heading', { name: "Replace 'Passport'" });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel replace' }));
    const heading = await screen.findByRole('heading', { name: 'Upload a document' });
    expect(document.activeElement).toBe(heading);
    const file = new File(['jpeg'], 'licence.jpg', { type: 'image/jpeg' });
    fireEvent.change(field(/^File/), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload document' }));
    await waitFor(() => expect(uploads(fetchMock)).toHaveLength(1));
    const sent = uploads(fetchMock)[0]?.[1]?.body as FormData;
    expect(sent.has('replaces')).toBe(false);
    expect(sent.get('kind')).toBe('photo_id');
  });

  it('forgets a refused insurance expiry once the type changes to one without an expiry', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(tradesperson),
      [LIST]: () => ({ status: 200, body: documentsAnswer([]) }),
      [UPLOAD]: () => ({ status: 201, body: { document: makeDocument({ id: ID(7) }) } }),
    });
    await openDocuments();
    const type = field(/^Document type/) as unknown as HTMLSelectElement;
    fireEvent.change(type, { target: { value: 'insurance' } });
    fireEvent.change(field(/^Expiry date/), { target: { value: inDays(-1) } });
    fireEvent.change(field(/^File/), { target: { files: [new File(['%PDF'], 'id.pdf')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload document' }));
    await screen.findByText('The expiry date cannot be in the past');
    expect(showError).toHaveBeenCalledWith('Validation Error', 'The expiry date cannot be in the past');

    vi.mocked(showError).mockClear();
    fireEvent.change(type, { target: { value: 'photo_id' } });
    expect(screen.queryByLabelText(/^Expiry date/)).toBeNull();
    expect(screen.queryByText('The expiry date cannot be in the past')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Upload document' }));
    await waitFor(() => expect(uploads(fetchMock)).toHaveLength(1));
    expect(showError).not.toHaveBeenCalled();
    const sent = uploads(fetchMock)[0]?.[1]?.body as FormData;
    expect(sent.get('kind')).toBe('photo_id');
    expect(sent.get('expiresOn') || null).toBeNull();

    // Back on insurance, the expiry starts empty rather than with the refused date.
    fireEvent.change(type, { target: { value: 'insurance' } });
    expect(field(/^Expiry date/).value).toBe('');
  });

  it('reminds the tradesperson to upload renewed insurance within 30 days of its expiry', async () => {
    const soon = makeDocument({
      id: ID(8),
      kind: 'insurance',
      title: 'AXA cover',
      status: 'approved',
      expiresOn: inDays(12),
    });
    const later = makeDocument({
      id: ID(9),
      kind: 'insurance',
      title: 'Later cover',
      status: 'approved',
      expiresOn: inDays(31),
    });
    serve([approvedId, soon, later]);
    await openDocuments();
    await screen.findByText('AXA cover');
    expect(within(row('AXA cover')).getByText(/Expires in/).textContent).toBe(
      'Expires in 12 days — upload your renewed certificate',
    );
    expect(within(row('Later cover')).queryByText(/Expires in/)).toBeNull();
    expect(within(row('Passport')).queryByText(/Expires in/)).toBeNull();
    cleanup();

    // Once a renewal is uploaded for it, the reminder says it is waiting for review instead.
    const renewal = makeDocument({
      id: ID(5),
      kind: 'insurance',
      title: 'AXA renewal',
      status: 'pending',
      expiresOn: inDays(377),
      replacesId: soon.id,
    });
    serve([renewal, approvedId, soon]);
    await openDocuments();
    await screen.findByText('AXA cover');
    expect(within(row('AXA cover')).getByText(/Expires in/).textContent).toBe(
      'Expires in 12 days — your renewed certificate is waiting for review',
    );
    expect(within(row('AXA renewal')).getByText("Replaces 'AXA cover'")).toBeTruthy();
  });

  it('refetches the list when the event stream says a notification arrived (a review decision)', async () => {
    stubEventSource();
    let passport = makeDocument({ id: ID(1), title: 'Passport' });
    mockApi({
      ...sessionHandler(tradesperson),
      [LIST]: () => ({ status: 200, body: documentsAnswer([passport]) }),
    });
    await openDocuments();
    await screen.findByText('Passport');
    expect(within(row('Passport')).getByText('Pending review')).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    passport = { ...passport, status: 'approved' };
    FakeEventSource.instances[0]!.emit('notification', {});
    expect(await within(row('Passport')).findByText('Approved')).toBeTruthy();
    expect(
      within(await summary())
        .getByText('Photo ID approved')
        .closest('li')!.textContent,
    ).toBe('Photo ID approved: done');
  });

  it('says when the documents cannot be loaded, and tries again', async () => {
    let fail = true;
    mockApi({
      ...sessionHandler(tradesperson),
      [LIST]: () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } }
          : { status: 200, body: documentsAnswer([approvedId]) },
    });
    await openDocuments();
    expect(await screen.findByText('We could not load your documents.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Passport')).toBeTruthy();
    expect(await summary()).toBeTruthy();
  });

  it('explains to a customer that documents are for tradespeople, without asking for any', async () => {
    const fetchMock = mockApi({ ...sessionHandler(makeUser()) });
    await openDocuments();
    expect(
      screen.getByText(/Documents is where tradespeople upload their photo ID and insurance/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/home');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/v1/documents'))).toBe(false);
  });
});
