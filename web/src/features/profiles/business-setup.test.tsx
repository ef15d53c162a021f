// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentsAnswer, makeDocument } from '@/features/verification/test-fixtures';
import { showError, showSuccess } from '@/lib/toast';
import { expectFieldError } from '@/test/field-errors';
import { EMPTY_DASHBOARD } from '@/test/fixtures';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { bodiesSentTo, requestsTo } from '@/test/requests';
import type { OwnProfile } from './api';
import { makeOwnProfile } from './test-fixtures';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const tradesperson = makeUser({ userType: 'tradesperson', fullName: 'Tom Trade' });

afterEach(resetBetweenTests);

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const stepHeading = () => document.getElementById('setup-step-heading')!;
const click = (name: string) => {
  const visible = screen.getAllByRole('button', { name }).filter((b) => !b.closest('[hidden]'));
  fireEvent.click(visible[0]!);
};

/** A fake server that keeps the profile between calls, as the real one does. */
function setupServer(initial: Partial<OwnProfile> = {}, documents = [makeDocument()]) {
  let profile = makeOwnProfile({
    trade: null,
    basePostcode: null,
    specialties: [],
    serviceAreas: [],
    ...initial,
  });
  const save = (init: RequestInit | undefined) => {
    profile = { ...profile, ...JSON.parse(String(init?.body)) };
    return { status: 200, body: { profile } };
  };
  return mockApi({
    ...sessionHandler(tradesperson),
    'GET /api/v1/tradesperson/profile': () => ({ status: 200, body: { profile } }),
    'PUT /api/v1/tradesperson/setup/details': save,
    'PUT /api/v1/tradesperson/setup/services': save,
    'POST /api/v1/tradesperson/setup/complete': () => {
      profile = { ...profile, setupCompletedAt: new Date().toISOString() };
      return { status: 200, body: { profile } };
    },
    'GET /api/v1/documents': () => ({ status: 200, body: documentsAnswer(documents) }),
    'GET /api/v1/payments/connect/status': () => ({
      status: 200,
      body: { hasAccount: false, chargesEnabled: false, payoutsEnabled: false, requirementsCurrentlyDue: [] },
    }),
    'POST /api/v1/documents': (init) => {
      const form = init?.body as FormData;
      const doc = makeDocument({
        id: '40000000-0000-4000-8000-000000000002',
        kind: form.get('kind') as 'insurance',
        title: 'Public liability insurance',
        fileName: (form.get('file') as File).name,
        expiresOn: String(form.get('expiresOn')),
      });
      documents = [doc, ...documents];
      return { status: 201, body: { document: doc } };
    },
    'GET /api/v1/tradesperson/dashboard': () => ({ status: 200, body: EMPTY_DASHBOARD }),
  });
}

async function openSetup() {
  const app = renderApp('/tradesperson/setup');
  await screen.findByRole('heading', { level: 1, name: 'Business Setup' }, { timeout: 5000 });
  await screen.findByLabelText(/^Base postcode/);
  return app;
}

describe('Business Setup', () => {
  it('shows the four steps and starts at Business Details', async () => {
    setupServer();
    await openSetup();
    const steps = within(screen.getByRole('list', { name: 'Setup steps' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent?.replace(/Step \d: /, ''))).toEqual([
      'Business Details',
      'Services & Pricing',
      'Verification',
      'Payment Setup',
    ]);
    expect(steps[0]!.getAttribute('aria-current')).toBe('step');
    expect(stepHeading().textContent).toContain('Business Details');
  });

  it('does not move on while step 1 is invalid, and says why', async () => {
    const fetchMock = setupServer();
    await openSetup();
    type('Phone number', '12345');
    click('Next');
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Validation Error', 'Please enter a valid UK phone number'),
    );
    expect(stepHeading().textContent).toContain('Business Details');
    expectFieldError(field('Phone number'), 'Please enter a valid UK phone number');
    await waitFor(() => expect(document.activeElement).toBe(field('Phone number')));
    expect(field('Phone number').value).toBe('12345');
    expect(requestsTo(fetchMock, 'PUT /api/v1/tradesperson/setup/details')).toHaveLength(0);
  });

  it('saves each step on Next, keeps answers on Previous, uploads documents and completes', async () => {
    const fetchMock = setupServer();
    const { router } = await openSetup();

    // Step 1: Business Details.
    type('Business name', 'Bright Sparks');
    type('Phone number', '07700 900123');
    type(/^Base postcode/, 'm1 1ae');
    type(/^Service radius/, '25');
    click('Next');
    await waitFor(() => expect(stepHeading().textContent).toContain('Services & Pricing'));
    expect(bodiesSentTo(fetchMock, 'PUT /api/v1/tradesperson/setup/details')[0]).toEqual({
      businessName: 'Bright Sparks',
      phone: '07700 900123',
      basePostcode: 'M1 1AE',
      serviceRadiusMiles: 25,
    });
    await waitFor(() => expect(document.activeElement).toBe(stepHeading()));

    // Step 2: Services & Pricing, with a look back at step 1 on the way.
    type(/^Trade/, 'Electrician');
    const specialty = screen.getByRole('textbox', { name: 'New specialty' });
    fireEvent.change(specialty, { target: { value: 'Rewiring' } });
    fireEvent.keyDown(specialty, { key: 'Enter' });
    type('Minimum rate', '45');
    click('Previous');
    await waitFor(() => expect(stepHeading().textContent).toContain('Business Details'));
    expect(field('Business name').value).toBe('Bright Sparks');
    click('Next');
    await waitFor(() => expect(stepHeading().textContent).toContain('Services & Pricing'));
    expect(field('Minimum rate').value).toBe('45');
    click('Next');
    await waitFor(() => expect(stepHeading().textContent).toContain('Verification'));
    expect(bodiesSentTo(fetchMock, 'PUT /api/v1/tradesperson/setup/services')[0]).toEqual({
      trade: 'Electrician',
      specialties: ['Rewiring'],
      hourlyRateMin: 45,
      hourlyRateMax: 60,
      yearsExperience: 10,
      bio: 'Local plumber.',
    });

    // Step 3: Verification lists the documents with their status and uploads a new one.
    expect(await screen.findByText('Pending review')).toBeTruthy();
    expect(screen.getByText(/passport\.jpg/)).toBeTruthy();
    // What verification still needs: the ID is waiting for review, the insurance not yet uploaded.
    const checklist = within(screen.getByRole('region', { name: 'Your verification' }));
    expect(checklist.getByText('Photo ID approved').parentElement!.textContent).toContain(
      'waiting for review',
    );
    expect(
      checklist.getByText('In-date public liability insurance approved').parentElement!.textContent,
    ).toContain('not yet');
    type(/^Document type/, 'insurance');
    click('Upload document');
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Validation Error', 'Please enter the insurance expiry date'),
    );
    expectFieldError(field(/^Expiry date/), 'Please enter the insurance expiry date');
    await waitFor(() => expect(document.activeElement).toBe(field(/^Expiry date/)));
    type(/^Expiry date/, '2099-06-30');
    const certificate = new File(['%PDF-1.4'], 'cover.pdf', { type: 'application/pdf' });
    fireEvent.change(field(/^File/), { target: { files: [certificate] } });
    click('Upload document');
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Document uploaded', expect.any(String)));
    const sent = requestsTo(fetchMock, 'POST /api/v1/documents')[0]?.[1]?.body as FormData;
    expect(sent.get('kind')).toBe('insurance');
    expect(sent.get('expiresOn')).toBe('2099-06-30');
    expect((sent.get('file') as File).name).toBe('cover.pdf');
    expect(await screen.findByText(/cover\.pdf/)).toBeTruthy();
    click('Next');

    // Step 4: the payout account card (its own tests: payments/connect-card.test.tsx), then Complete Setup.
    await waitFor(() => expect(stepHeading().textContent).toContain('Payment Setup'));
    expect(await screen.findByRole('button', { name: 'Create payout account' })).toBeTruthy();
    click('Complete Setup');
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Setup complete!', expect.any(String)));
    expect(requestsTo(fetchMock, 'POST /api/v1/tradesperson/setup/complete')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tradesperson-dashboard'));
  });

  it('sends a failed step’s error to a toast and stays on the step', async () => {
    const fetchMock = setupServer({ basePostcode: 'M1 1AE' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).endsWith('/setup/details')
          ? new Response('<html>', { status: 502 })
          : fetchMock(input, init),
      ),
    );
    await openSetup();
    click('Next');
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Failed to update profile', undefined));
    expect(stepHeading().textContent).toContain('Business Details');
    // Said on the step as well, by its buttons.
    expect(screen.getAllByRole('button', { name: /Next/ })[0]!.closest('form')!.textContent).toContain(
      'Failed to update profile',
    );
  });

  it('takes the tradesperson back to the step that is missing something when completing fails', async () => {
    const fetchMock = setupServer({ basePostcode: 'M1 1AE', trade: 'Plumber' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).endsWith('/setup/complete')
          ? Response.json(
              {
                error: {
                  code: 'validation_error',
                  message: 'Please select your trade before completing setup',
                  details: [{ field: 'trade', message: 'Please select your trade before completing setup' }],
                },
              },
              { status: 400 },
            )
          : fetchMock(input, init),
      ),
    );
    await openSetup();
    click('Next');
    await waitFor(() => expect(stepHeading().textContent).toContain('Services & Pricing'));
    click('Next');
    await waitFor(() => expect(stepHeading().textContent).toContain('Verification'));
    click('Next');
    click('Complete Setup');
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        'Validation Error',
        'Please select your trade before completing setup',
      ),
    );
    await waitFor(() => expect(stepHeading().textContent).toContain('Services & Pricing'));
    await waitFor(() =>
      expectFieldError(field(/^Trade/), 'Please select your trade before completing setup'),
    );
    await waitFor(() => expect(document.activeElement).toBe(field(/^Trade/)));
  });
});
