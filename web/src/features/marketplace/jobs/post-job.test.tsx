// @vitest-environment happy-dom
import { JOB_MESSAGES } from '@domain/marketplace/schemas';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_QUERY_KEY } from '@/features/accounts/session';
import { showError, showSuccess } from '@/lib/toast';
import { expectFieldError, expectNoFieldError } from '@/test/field-errors';
import { makeJobDetail } from '@/test/fixtures';
import { makeUser, mockApi, renderApp, sessionHandler } from '@/test/render';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(showError).mockClear();
  vi.mocked(showSuccess).mockClear();
  localStorage.clear();
});

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
      'POST /api/v1/jobs': () => ({
        status: 400,
        body: {
          error: {
            code: 'validation_error',
            message: 'We could not find that postcode',
            details: [{ field: 'postcode', message: 'We could not find that postcode' }],
          },
        },
      }),
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

  it('posts the job with whole-pound budgets, says Job posted! and goes to My Jobs', async () => {
    const { fetchMock, router } = await openForm(
      {
        'POST /api/v1/jobs': () => ({ status: 201, body: { job: makeJobDetail() } }),
        'GET /api/v1/jobs/mine': () => ({ status: 200, body: { jobs: [] } }),
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

  it('shows Enhance with AI as not available yet, and asks the server nothing', async () => {
    const { fetchMock } = await openForm();
    type(/^Description/, 'The kitchen tap drips all night long.');
    const enhance = screen.getByRole('button', { name: 'Enhance with AI' }) as HTMLButtonElement;
    expect(enhance.disabled).toBe(true);
    expect(screen.getByText('AI enhancement is not available yet')).toBeTruthy();
    expect(enhance.getAttribute('aria-describedby')).toBe('enhance-unavailable');
    expect(document.getElementById('enhance-unavailable')?.textContent).toBe(
      'AI enhancement is not available yet',
    );
    fireEvent.click(enhance);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('assistant'))).toBe(false);
    expect(showError).not.toHaveBeenCalled();
    expect(value(/^Description/)).toBe('The kitchen tap drips all night long.');
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
