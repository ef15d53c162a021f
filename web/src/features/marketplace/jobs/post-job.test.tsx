// @vitest-environment happy-dom
import { ENHANCE_TEXTS } from '@domain/assistant/messages';
import { JOB_MESSAGES } from '@domain/marketplace/schemas';
import type { PhotoView } from '@domain/photos/api';
import { PHOTO_MESSAGES } from '@domain/photos/rules';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_QUERY_KEY } from '@/features/accounts';
import { uploadPhoto } from '@/features/photos/api';
import { ApiError } from '@/lib/api';
import { showError, showSuccess } from '@/lib/toast';
import { seriousAxeViolations } from '@/test/axe';
import { expectFieldError, expectNoFieldError, validationErrorReply } from '@/test/field-errors';
import { makeJobDetail } from '@/test/fixtures';
import { myJobsHandler } from '@/test/my-jobs';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));
// Photo uploads go by XMLHttpRequest (for their progress), not through the mocked fetch.
vi.mock('@/features/photos/api', () => ({ uploadPhoto: vi.fn(), removePendingPhoto: vi.fn() }));

afterEach(resetBetweenTests);

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const value = (label: string | RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

async function openForm(handlers: Parameters<typeof mockApi>[0] = {}, path = '/post-job') {
  const fetchMock = mockApi({ ...sessionHandler(makeUser()), ...handlers });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Post a Job' });
  return { ...app, fetchMock };
}

function fillValidJob() {
  type(/^Job title/, 'Fix a leaking tap');
  type(/^Category/, 'Plumbing');
  type(/^Description/, 'The kitchen tap drips all night long.');
  type(/^Minimum/, '100');
  type(/^Maximum/, '250');
  type(/^Postcode/, 'm1 1ae');
}

describe('Post a Job', () => {
  it('shows one Validation Error toast with the first message only and keeps what was typed', async () => {
    const { fetchMock } = await openForm();
    type(/^Job title/, 'Fix');
    type(/^Description/, 'Too short');
    type(/^Minimum/, '300');
    type(/^Maximum/, '200');
    type(/^Postcode/, 'nowhere');
    fireEvent.click(screen.getByRole('button', { name: 'Post Job' }));

    await waitFor(() => expect(showError).toHaveBeenCalledTimes(1));
    expect(showError).toHaveBeenCalledWith('Validation Error', JOB_MESSAGES.titleShort);
    expect(value(/^Job title/)).toBe('Fix');
    expect(value(/^Description/)).toBe('Too short');
    expect(value(/^Minimum/)).toBe('300');
    expect(value(/^Maximum/)).toBe('200');
    expect(value(/^Postcode/)).toBe('nowhere');
    expect(screen.getByLabelText(/^Job title/).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows every message next to its field, linked for screen readers, and focuses the first', async () => {
    await openForm();
    type(/^Job title/, 'Fix');
    // happy-dom shows the first enabled option of a select with no value; a browser shows the placeholder.
    type(/^Category/, '');
    type(/^Description/, 'Too short');
    type(/^Postcode/, 'nowhere');
    fireEvent.click(screen.getByRole('button', { name: 'Post Job' }));

    await waitFor(() => expectFieldError(screen.getByLabelText(/^Job title/), JOB_MESSAGES.titleShort));
    expectFieldError(screen.getByLabelText(/^Category/), JOB_MESSAGES.category);
    expectFieldError(screen.getByLabelText(/^Description/), JOB_MESSAGES.descriptionShort);
    expectFieldError(screen.getByLabelText(/^Postcode/), 'Invalid UK postcode format');
    expectNoFieldError(screen.getByLabelText(/^Minimum/));
    // The description keeps its counter and hint as well.
    expect(screen.getByLabelText(/^Description/).getAttribute('aria-describedby')).toContain(
      'job-description-hint',
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Job title/)));
  });

  it('shows the budget order message by the maximum, and clears a message once the field is changed', async () => {
    await openForm();
    fillValidJob();
    type(/^Minimum/, '300');
    type(/^Maximum/, '200');
    fireEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    await waitFor(() => expectFieldError(screen.getByLabelText(/^Maximum/), JOB_MESSAGES.budgetOrder));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Maximum/)));

    type(/^Maximum/, '400');
    await waitFor(() => expectNoFieldError(screen.getByLabelText(/^Maximum/)));
  });

  it('marks the field the server refuses, with its message, and keeps what was typed', async () => {
    await openForm({
      'POST /api/v1/jobs': () => validationErrorReply('postcode', 'We could not find that postcode'),
    });
    fillValidJob();
    fireEvent.click(screen.getByRole('button', { name: 'Post Job' }));

    await waitFor(() =>
      expectFieldError(screen.getByLabelText(/^Postcode/), 'We could not find that postcode'),
    );
    expect(showError).toHaveBeenCalledWith('Validation Error', 'We could not find that postcode');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Postcode/)));
    expect(value(/^Job title/)).toBe('Fix a leaking tap');
    expect(value(/^Postcode/)).toBe('m1 1ae');
  });

  it('gives the budgets hints as placeholders, not numbers that look typed in', async () => {
    await openForm();
    for (const label of [/^Minimum/, /^Maximum/]) {
      const placeholder = screen.getByLabelText(label).getAttribute('placeholder') ?? '';
      expect(placeholder === '' || /^e\.g\. /.test(placeholder)).toBe(true);
    }
  });

  it('asks for a category with the spec’s words', async () => {
    await openForm();
    fillValidJob();
    type(/^Category/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Validation Error', 'Please select a category'),
    );
  });

  it('sends uploaded photos in order with their captions; a refused one loses nothing typed', async () => {
    const photo: PhotoView = {
      id: '00000000-0000-4000-8000-0000000000aa',
      caption: null,
      url: '/api/v1/photos/a/display',
      width: 1600,
      height: 1200,
      thumbUrl: '/api/v1/photos/a/thumb',
      thumbWidth: 400,
      thumbHeight: 300,
      createdAt: new Date().toISOString(),
    };
    vi.mocked(uploadPhoto)
      .mockResolvedValueOnce(photo)
      .mockRejectedValueOnce(new ApiError('validation_error', PHOTO_MESSAGES.type, 400));
    const { fetchMock } = await openForm({
      'POST /api/v1/jobs': () => ({ status: 201, body: { job: makeJobDetail() } }),
      ...myJobsHandler([]),
    });
    fillValidJob();
    const picker = screen.getByLabelText('Choose photos');
    await act(async () => {
      fireEvent.change(picker, {
        target: {
          files: [
            new File(['x'], 'sink.jpg', { type: 'image/jpeg' }),
            new File(['x'], 'a.jpg', { type: 'image/jpeg' }),
          ],
        },
      });
    });
    expect(await screen.findByText(PHOTO_MESSAGES.type)).toBeTruthy();
    expect(value(/^Job title/)).toBe('Fix a leaking tap');
    type('Caption for photo 1', 'Under the sink');
    fireEvent.click(screen.getByRole('button', { name: 'Post Job' }));

    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Job posted!'));
    const post = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/v1/jobs' && init?.method === 'POST',
    );
    expect(JSON.parse(String(post?.[1]?.body)).photos).toEqual([{ id: photo.id, caption: 'Under the sink' }]);
  });

  it('posts the job with whole-pound budgets, says Job posted! and goes to My Jobs', async () => {
    const { fetchMock, router } = await openForm(
      {
        'POST /api/v1/jobs': () => ({ status: 201, body: { job: makeJobDetail() } }),
        ...myJobsHandler([]),
      },
      '/post-job?tradesperson=00000000-0000-4000-8000-000000000009',
    );
    fillValidJob();
    fireEvent.click(screen.getByRole('button', { name: 'Post Job' }));

    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Job posted!'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-jobs'));
    const post = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/v1/jobs' && init?.method === 'POST',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      title: 'Fix a leaking tap',
      category: 'Plumbing',
      description: 'The kitchen tap drips all night long.',
      budgetMin: 100,
      budgetMax: 250,
      postcode: 'M1 1AE',
      preferredStartDate: null,
      invitedTradespersonId: '00000000-0000-4000-8000-000000000009',
      photos: [],
    });
  });

  it('shows the server’s message, or Failed to post job, when posting fails', async () => {
    await openForm({
      'POST /api/v1/jobs': () => ({
        status: 403,
        body: { error: { code: 'only_customers', message: 'Only customers can post jobs' } },
      }),
    });
    fillValidJob();
    fireEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error', 'Only customers can post jobs'));

    vi.mocked(showError).mockClear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error', 'Failed to post job'));
  });

  it('tells a tradesperson that only customers post jobs and links to Find Jobs', async () => {
    mockApi(sessionHandler(makeUser({ userType: 'tradesperson' })));
    renderApp('/post-job');
    expect(await screen.findByText(/Only customers post jobs/)).toBeTruthy();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Find Jobs' }).getAttribute('href'),
    ).toBe('/browse');
    expect(screen.queryByRole('button', { name: 'Post Job' })).toBeNull();
  });

  it('announces the description’s length at milestones only, not on every keystroke', async () => {
    await openForm();
    // What every live region in the page says: a change is something a screen reader speaks.
    const spoken = () =>
      [...document.querySelectorAll('[aria-live], [role="status"], [role="alert"]')]
        .map((region) => region.textContent)
        .join('|');
    const announcementsWhileTyping = (start: string, typed: string) => {
      let before = spoken();
      let changes = 0;
      for (let n = 1; n <= typed.length; n++) {
        type(/^Description/, start + typed.slice(0, n));
        const now = spoken();
        if (now !== before) changes += 1;
        before = now;
      }
      return changes;
    };

    // One sentence from nothing: silent until the minimum is reached, then once.
    expect(announcementsWhileTyping('', 'The kitchen tap drips all night.')).toBe(1);
    // Close to the limit: once as 200 characters are left, once as 100 are.
    expect(announcementsWhileTyping('x'.repeat(1790), 'y'.repeat(120))).toBe(2);
    // The exact count is still there, read with the field.
    expect(screen.getByText('90 characters left.')).toBeTruthy();
    expect(screen.getByLabelText(/^Description/).getAttribute('aria-describedby')).toContain(
      'job-description-hint',
    );
  });

  it('says Please log in and goes to /auth when the session ends while posting', async () => {
    const { queryClient, router } = await openForm();
    act(() => {
      queryClient.setQueryData(SESSION_QUERY_KEY, { user: null });
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(showError).toHaveBeenCalledWith('Please log in', 'You need to be logged in to post a job');
    expect(showError).toHaveBeenCalledTimes(1);
  });
});

describe('Enhance with AI', () => {
  const ENHANCE = 'POST /api/v1/assistant/enhance-job-description';
  const ORIGINAL = 'The kitchen tap drips all night long.';
  const BETTER =
    'The kitchen mixer tap drips constantly, including overnight. Looking for a plumber to replace the washer or cartridge.';
  const QUESTIONS = ['How long has it been dripping?', 'When would you like the work done?'];
  const enhanceButton = () => screen.getByRole('button', { name: 'Enhance with AI' });
  const suggestion = () => screen.queryByRole('region', { name: 'AI suggestion' });
  const enhanceCalls = (fetchMock: ReturnType<typeof mockApi>) =>
    fetchMock.mock.calls.filter(([url]) => url === '/api/v1/assistant/enhance-job-description');

  async function suggest() {
    const opened = await openForm({
      [ENHANCE]: () => ({ status: 200, body: { enhanced: BETTER, questions: QUESTIONS } }),
    });
    type(/^Category/, 'Plumbing');
    type(/^Description/, ORIGINAL);
    fireEvent.click(enhanceButton());
    await waitFor(() => expect(suggestion()).not.toBeNull());
    return opened;
  }

  it('is offered, and says Description too short under 20 characters without asking the server', async () => {
    const { fetchMock } = await openForm();
    type(/^Description/, 'Leaky tap, help   ');
    const button = enhanceButton() as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Description too short', 'Please write at least 20 characters'),
    );
    expect(ENHANCE_TEXTS.tooShortTitle).toBe('Description too short');
    expect(enhanceCalls(fetchMock)).toHaveLength(0);
    expect(value(/^Description/)).toBe('Leaky tap, help   ');
  });

  it('sends the description and category, shows the suggestion, and Use This puts it in the field', async () => {
    const { fetchMock } = await suggest();
    const [call] = enhanceCalls(fetchMock);
    expect(call?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ description: ORIGINAL, category: 'Plumbing' });
    expect(within(suggestion()!).getByText(BETTER)).toBeTruthy();
    // The questions are asked of the customer in the panel, as a list of their own.
    const asked = within(suggestion()!).getByRole('list', { name: 'A tradesperson may also want to know:' });
    expect(
      within(asked)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(QUESTIONS);
    // The description is untouched until the person chooses.
    expect(value(/^Description/)).toBe(ORIGINAL);

    fireEvent.click(within(suggestion()!).getByRole('button', { name: 'Use This' }));
    // Only the description goes into the job: the questions are not pasted in.
    await waitFor(() => expect(value(/^Description/)).toBe(BETTER));
    for (const question of QUESTIONS) expect(value(/^Description/)).not.toContain(question);
    expect(showSuccess).toHaveBeenCalledWith('Applied!');
    expect(suggestion()).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Description/)));
    // The counter follows the new text.
    expect(screen.getByText(`${BETTER.length}/2000`)).toBeTruthy();

    // What the person wrote is never lost: it can be put back.
    fireEvent.click(screen.getByRole('button', { name: 'Restore my original description' }));
    await waitFor(() => expect(value(/^Description/)).toBe(ORIGINAL));
    expect(screen.queryByRole('button', { name: 'Restore my original description' })).toBeNull();
  });

  it('posts the suggestion once used', async () => {
    const { fetchMock } = await suggest();
    fireEvent.click(within(suggestion()!).getByRole('button', { name: 'Use This' }));
    await waitFor(() => expect(value(/^Description/)).toBe(BETTER));
    type(/^Job title/, 'Fix a leaking tap');
    type(/^Postcode/, 'M1 1AE');
    fetchMock.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url, init]) => url === '/api/v1/jobs' && init?.method === 'POST'),
      ).toBe(true),
    );
    const post = fetchMock.mock.calls.find(([url]) => url === '/api/v1/jobs');
    expect(JSON.parse(String(post?.[1]?.body)).description).toBe(BETTER);
  });

  it('Keep Original drops the suggestion and keeps the description', async () => {
    await suggest();
    fireEvent.click(within(suggestion()!).getByRole('button', { name: 'Keep Original' }));
    expect(suggestion()).toBeNull();
    expect(value(/^Description/)).toBe(ORIGINAL);
    expect(document.activeElement).toBe(enhanceButton());
    expect(showSuccess).not.toHaveBeenCalled();
  });

  it('goes back to idle when the description is shortened below 20 characters', async () => {
    await suggest();
    type(/^Description/, 'The kitchen tap');
    await waitFor(() => expect(suggestion()).toBeNull());
    expect(value(/^Description/)).toBe('The kitchen tap');
  });

  it('is busy while the suggestion is written, and drops an answer that comes after the text got short', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    const { fetchMock } = await openForm({
      [ENHANCE]: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    type(/^Description/, ORIGINAL);
    fireEvent.click(enhanceButton());
    await waitFor(() => expect(enhanceButton().getAttribute('aria-busy')).toBe('true'));
    expect(enhanceButton().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(enhanceButton());
    expect(enhanceCalls(fetchMock)).toHaveLength(1);

    type(/^Description/, 'Too short now');
    await waitFor(() => expect(enhanceButton().getAttribute('aria-busy')).toBeNull());
    await act(async () => answer({ status: 200, body: { enhanced: BETTER } }));
    expect(suggestion()).toBeNull();
    expect(value(/^Description/)).toBe('Too short now');
  });

  it('says AI Error: Failed to enhance description. Please try again. when it fails, keeping the text', async () => {
    await openForm({
      [ENHANCE]: () => ({ status: 503, body: { error: { code: 'unavailable', message: 'x' } } }),
    });
    type(/^Description/, ORIGINAL);
    fireEvent.click(enhanceButton());
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('AI Error', 'Failed to enhance description. Please try again.'),
    );
    expect(`AI Error: Failed to enhance description. Please try again.`).toBe(ENHANCE_TEXTS.failure);
    expect(suggestion()).toBeNull();
    expect(value(/^Description/)).toBe(ORIGINAL);
    expect(enhanceButton().getAttribute('aria-busy')).toBeNull();
  });

  it('has no serious accessibility problems with a suggestion shown', async () => {
    await suggest();
    expect(await seriousAxeViolations()).toEqual([]);
  });
});
