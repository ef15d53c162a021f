// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toast';
import { expectFieldError, validationErrorReply } from '@/test/field-errors';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { bodiesSentTo } from '@/test/requests';
import { makeOwnProfile } from './test-fixtures';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const tradesperson = makeUser({ userType: 'tradesperson', fullName: 'Tom Trade' });

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }),
  );
});

afterEach(resetBetweenTests);

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });

async function openForm(handlers: Parameters<typeof mockApi>[0] = {}, profile = makeOwnProfile()) {
  const fetchMock = mockApi({
    ...sessionHandler(tradesperson),
    'GET /api/v1/tradesperson/profile': () => ({ status: 200, body: { profile } }),
    ...handlers,
  });
  const app = renderApp('/edit-tradesperson-profile');
  await screen.findByRole('button', { name: 'Save Profile' }, { timeout: 5000 });
  return { ...app, fetchMock };
}

describe('Edit Profile', () => {
  it('fills the form with the saved profile', async () => {
    await openForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeTruthy();
    expect(field(/^Trade/).value).toBe('Plumber');
    expect(field('Bio').value).toBe('Local plumber.');
    expect(field('Years of experience').value).toBe('10');
    expect(field('Minimum rate').value).toBe('40');
    expect(field('Maximum rate').value).toBe('60');
    expect(field(/^Base postcode/).value).toBe('M1 1AE');
    expect(field(/^Service radius/).value).toBe('15');
    expect(within(screen.getByRole('list', { name: 'Specialties' })).getByText('Boilers')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Service areas' })).getByText('Salford')).toBeTruthy();
    // All ten of the spec's trades are offered.
    expect(within(field(/^Trade/) as unknown as HTMLElement).getAllByRole('option')).toHaveLength(11);
  });

  it('shows one Validation Error toast with the first message, marks the field and keeps what was typed', async () => {
    const { fetchMock } = await openForm();
    type('Minimum rate', '70.5');
    type('Maximum rate', '50');
    type(/^Base postcode/, 'nowhere');
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(showError).toHaveBeenCalledTimes(1));
    expect(showError).toHaveBeenCalledWith('Validation Error', 'Hourly rates must be whole pounds');
    expectFieldError(field('Minimum rate'), 'Hourly rates must be whole pounds');
    expectFieldError(field(/^Base postcode/), 'Invalid UK postcode format');
    await waitFor(() => expect(document.activeElement).toBe(field('Minimum rate')));
    expect(field('Minimum rate').value).toBe('70.5');
    expect(field(/^Base postcode/).value).toBe('nowhere');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('asks for a trade when none is chosen', async () => {
    await openForm({}, makeOwnProfile({ trade: null }));
    expect(screen.getByText(/Your profile is empty so far/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Validation Error', 'Please select your trade'),
    );
    expectFieldError(field(/^Trade/), 'Please select your trade');
    await waitFor(() => expect(document.activeElement).toBe(field(/^Trade/)));
  });

  it('saves the normalised profile, says Profile updated! and goes to /profile', async () => {
    const { fetchMock, router } = await openForm({
      'PUT /api/v1/tradesperson/profile': (init) => ({
        status: 200,
        body: { profile: makeOwnProfile(JSON.parse(String(init?.body))) },
      }),
    });
    type(/^Trade/, 'Gas Engineer');
    type('Years of experience', ' 12 ');
    const specialty = screen.getByRole('textbox', { name: 'New specialty' });
    fireEvent.change(specialty, { target: { value: ' Gas safety checks ' } });
    fireEvent.keyDown(specialty, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Salford' }));
    type(/^Base postcode/, 'ls1 4ap');
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Profile updated!'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(bodiesSentTo(fetchMock, 'PUT /api/v1/tradesperson/profile')[0]).toEqual({
      trade: 'Gas Engineer',
      bio: 'Local plumber.',
      yearsExperience: 12,
      hourlyRateMin: 40,
      hourlyRateMax: 60,
      specialties: ['Boilers', 'Gas safety checks'],
      serviceAreas: [],
      basePostcode: 'LS1 4AP',
      serviceRadiusMiles: 15,
      vatNumber: null,
    });
    expect(showError).not.toHaveBeenCalled();
  });

  it('says Failed to update profile when saving fails, and keeps what was typed', async () => {
    const { router } = await openForm({
      'PUT /api/v1/tradesperson/profile': () => ({
        status: 500,
        body: {
          error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
        },
      }),
    });
    type('Bio', 'A new bio that did not save');
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        'Failed to update profile',
        'Something went wrong on our side. Please try again.',
      ),
    );
    expect(field('Bio').value).toBe('A new bio that did not save');
    expect(router.state.location.pathname).toBe('/edit-tradesperson-profile');
    expect(showSuccess).not.toHaveBeenCalled();
  });

  it('shows the server’s validation message as a Validation Error and marks its field', async () => {
    await openForm({
      'PUT /api/v1/tradesperson/profile': () =>
        validationErrorReply('basePostcode', 'We could not find that postcode'),
    });
    type(/^Base postcode/, 'JE2 3AB');
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Validation Error', 'We could not find that postcode'),
    );
    expectFieldError(field(/^Base postcode/), 'We could not find that postcode');
    await waitFor(() => expect(document.activeElement).toBe(field(/^Base postcode/)));
    expect(field(/^Base postcode/).value).toBe('JE2 3AB');
  });

  it('puts a server message about a tag list next to that list’s field', async () => {
    await openForm({
      'PUT /api/v1/tradesperson/profile': () =>
        validationErrorReply('specialties.1', 'Each specialty must be at most 60 characters'),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    const input = screen.getByRole('textbox', { name: 'New specialty' });
    await waitFor(() => expectFieldError(input, 'Each specialty must be at most 60 characters'));
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('uploads a new picture with a preview, then shows the stored one', async () => {
    let resolveUpload: (reply: { status: number; body: unknown }) => void = () => {};
    const { fetchMock } = await openForm({
      'POST /api/v1/tradesperson/profile/picture': () =>
        new Promise((resolve) => {
          resolveUpload = resolve;
        }),
    });
    const picture = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Upload photo'), { target: { files: [picture] } });

    const preview = (await screen.findByAltText('Preview of your new profile picture')) as HTMLImageElement;
    expect(preview.getAttribute('src')).toBe('blob:preview');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/tradesperson/profile/picture');
    const sent = call?.[1]?.body as FormData | undefined;
    expect(sent?.get('file')).toBeInstanceOf(File);

    resolveUpload({ status: 200, body: { avatarUrl: '/api/v1/files/avatars/new.webp' } });
    const stored = (await screen.findByAltText('Your profile picture')) as HTMLImageElement;
    expect(stored.getAttribute('src')).toBe('/api/v1/files/avatars/new.webp');
    expect(showSuccess).toHaveBeenCalledWith('Profile picture updated');
    expect(screen.getByLabelText('Change photo')).toBeTruthy();
  });

  it('refuses a picture that is not JPEG, PNG or WebP, or too big, before uploading', async () => {
    const { fetchMock } = await openForm();
    const gif = new File(['GIF89a'], 'me.gif', { type: 'image/gif' });
    fireEvent.change(screen.getByLabelText('Upload photo'), { target: { files: [gif] } });
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Validation Error', 'Please upload a JPEG, PNG or WebP image'),
    );
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Upload photo'), { target: { files: [big] } });
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Validation Error', 'Images must be 5 MB or smaller'),
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('picture'))).toBe(false);
  });

  it('tells a customer that profiles are for tradespeople', async () => {
    mockApi(sessionHandler(makeUser()));
    renderApp('/edit-tradesperson-profile');
    expect(await screen.findByText(/A professional profile is for tradespeople/)).toBeTruthy();
  });

  it('sends signed-out visitors to /', async () => {
    mockApi(sessionHandler(null));
    const { router } = renderApp('/edit-tradesperson-profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('the VAT number', () => {
  it('shows the saved one as HMRC prints it, refuses a wrong one beside the field, and sends a good one', async () => {
    const { fetchMock } = await openForm(
      { 'PUT /api/v1/tradesperson/profile': () => ({ status: 200, body: { profile: makeOwnProfile() } }) },
      makeOwnProfile({ vatNumber: 'GB980780684' }),
    );
    expect(field(/^VAT number/).value).toBe('GB 980 7806 84');
    type(/^VAT number/, 'GB 980 7806 85');
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        'Validation Error',
        'That VAT number is not valid: please check the digits',
      ),
    );
    expectFieldError(field(/^VAT number/), 'That VAT number is not valid: please check the digits');
    expect(bodiesSentTo(fetchMock, 'PUT /api/v1/tradesperson/profile')).toEqual([]);

    type(/^VAT number/, '980780684');
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalled());
    const [sent] = bodiesSentTo(fetchMock, 'PUT /api/v1/tradesperson/profile') as { vatNumber: string }[];
    expect(sent?.vatNumber).toBe('GB980780684');
  });
});
