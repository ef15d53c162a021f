// @vitest-environment happy-dom
import type { OpenJobsPage, OpenJobView } from '@domain/marketplace/api';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { jobsAvailableText } from './find-jobs';
import { OpenJobCard } from './open-job-card';

const tradesperson = makeUser({ userType: 'tradesperson', fullName: 'Tom Trade' });

let sequence = 0;
function openJob(overrides: Partial<OpenJobView> = {}): OpenJobView {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    title: `Fix the leaking tap ${sequence}`,
    category: 'Plumbing',
    description: 'The kitchen tap drips all night and the washer needs replacing soon.',
    budgetMin: 5000,
    budgetMax: 15000,
    outcode: 'SW1A',
    place: 'Westminster',
    distanceMiles: 3.24,
    createdAt: new Date().toISOString(),
    quoteCount: 1,
    quotedByMe: false,
    customer: { id: 'c1', fullName: 'Ann Smith', rating: 4.7, reviewCount: 3, emailVerified: true },
    ...overrides,
  };
}

function page(jobs: OpenJobView[], total = jobs.length, nextCursor: string | null = null): OpenJobsPage {
  return { jobs, total, nextCursor };
}

/** The query string of every open-jobs request made so far. */
function openJobsRequests(fetchMock: ReturnType<typeof mockApi>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/jobs/open')
    .map((url) => url.searchParams);
}

afterEach(() => {
  resetBetweenTests();
  vi.useRealTimers();
});

describe('the Find screen for a tradesperson', () => {
  it('shows the count line from the API total, in the spec words', async () => {
    mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/jobs/open': () => ({ status: 200, body: page([openJob(), openJob()], 12, 'next') }),
    });
    renderApp('/browse');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find Jobs' })).toBeTruthy();
    expect((await screen.findByText('12 jobs available')).getAttribute('aria-live')).toBe('polite');
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('narrows the list to ?category= and clears it with its chip; marks jobs the viewer quoted on', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/jobs/open': () => ({
        status: 200,
        body: page([openJob({ title: 'Fix a leaking tap', quotedByMe: true }), openJob({ title: 'Other' })]),
      }),
    });
    renderApp('/browse?category=plumbing');
    const chip = await screen.findByRole('button', { name: 'Clear category Plumbing' });
    expect(openJobsRequests(fetchMock).at(-1)?.get('category')).toBe('plumbing');
    const quoted = (await screen.findByText('Fix a leaking tap')).closest('article')!;
    expect(within(quoted as HTMLElement).getByText('You quoted')).toBeTruthy();
    expect(screen.getAllByText('You quoted')).toHaveLength(1);
    fireEvent.click(chip);
    await waitFor(() => expect(openJobsRequests(fetchMock).at(-1)?.has('category')).toBe(false));
    expect(screen.queryByRole('button', { name: 'Clear category Plumbing' })).toBeNull();
  });

  it('says "No jobs available" when there are none', async () => {
    mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/jobs/open': () => ({ status: 200, body: page([]) }),
    });
    renderApp('/browse');
    expect(await screen.findByText('No jobs available')).toBeTruthy();
    expect(screen.getByText('0 jobs available')).toBeTruthy();
  });

  it('asks the API for the chosen filter and marks only that chip pressed', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/jobs/open': () => ({ status: 200, body: page([openJob()]) }),
    });
    renderApp('/browse');
    const chips = within(await screen.findByRole('group', { name: 'Filter jobs' }));
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All',
      'Verified',
      'Top Rated',
      'Nearby',
    ]);
    await waitFor(() => expect(openJobsRequests(fetchMock).at(-1)?.get('filter')).toBe('all'));
    expect(chips.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');

    for (const [label, value] of [
      ['Verified', 'verified'],
      ['Top Rated', 'top-rated'],
      ['Nearby', 'nearby'],
    ] as const) {
      fireEvent.click(chips.getByRole('button', { name: label }));
      await waitFor(() => expect(openJobsRequests(fetchMock).at(-1)?.get('filter')).toBe(value));
      expect(chips.getByRole('button', { name: label }).getAttribute('aria-pressed')).toBe('true');
      expect(chips.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('false');
    }
  });

  it('loads the next page with the cursor it was given and appends it', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/jobs/open': () => {
        const cursor = openJobsRequests(fetchMock).at(-1)?.get('cursor');
        return cursor === 'cursor-2'
          ? { status: 200, body: page([openJob({ title: 'Second page job' })], 2) }
          : { status: 200, body: page([openJob({ title: 'First page job' })], 2, 'cursor-2') };
      },
    });
    renderApp('/browse');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Second page job')).toBeTruthy();
    expect(screen.getByText('First page job')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('opens the job when its card is clicked', async () => {
    const job = openJob({ title: 'Rewire the garage' });
    mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/jobs/open': () => ({ status: 200, body: page([job]) }),
    });
    const { router } = renderApp('/browse');
    fireEvent.click(await screen.findByRole('link', { name: 'Rewire the garage' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/job/${job.id}`));
  });

  it('offers a retry when the list cannot be loaded', async () => {
    mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/jobs/open': () => ({
        status: 500,
        body: { error: { code: 'internal', message: 'Something went wrong. Please try again.' } },
      }),
    });
    renderApp('/browse');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('the Find screen for everyone else', () => {
  it('shows Find Tradespeople to a customer, never the open jobs', async () => {
    const fetchMock = mockApi(sessionHandler(makeUser()));
    renderApp('/browse?category=plumbing');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Find Tradespeople');
    expect(openJobsRequests(fetchMock)).toHaveLength(0);
  });

  it('does the same for a visitor who is not signed in', async () => {
    mockApi(sessionHandler(null));
    renderApp('/browse');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Find Tradespeople');
  });
});

describe('an open job card', () => {
  function renderCard(job: OpenJobView, now: Date) {
    const router = createMemoryRouter([{ path: '/', element: <OpenJobCard job={job} now={now} /> }]);
    return render(<RouterProvider router={router} />);
  }

  it('shows the district and place, never the full postcode', () => {
    const job = { ...openJob(), postcode: 'SW1A 1AA' } as OpenJobView;
    const { container } = renderCard(job, new Date());
    expect(screen.getByText('SW1A, Westminster')).toBeTruthy();
    expect(container.textContent).not.toContain('1AA');
  });

  it('shows budget, distance, quotes count and description', () => {
    renderCard(openJob({ quoteCount: 2, distanceMiles: 3.24 }), new Date());
    expect(screen.getByText('£50-£150')).toBeTruthy();
    expect(screen.getByText('3.2 miles away')).toBeTruthy();
    expect(screen.getByText('2 of 3 quotes')).toBeTruthy();
    expect(screen.getByText(/kitchen tap drips/)).toBeTruthy();
  });

  it('says "Budget not specified" without a budget and leaves out the distance without a base', () => {
    const { container } = renderCard(
      openJob({ budgetMin: null, budgetMax: null, distanceMiles: null }),
      new Date(),
    );
    expect(screen.getByText('Budget not specified')).toBeTruthy();
    expect(container.textContent).not.toContain('miles away');
  });

  it.each([
    ['2025-06-15T10:00:00Z', 'Today'],
    ['2025-06-14T10:00:00Z', 'Yesterday'],
    ['2025-06-12T10:00:00Z', '3d ago'],
    ['2025-06-01T10:00:00Z', '2w ago'],
    ['2025-04-01T10:00:00Z', '2mo ago'],
  ])('shows a job posted %s as "%s"', (createdAt, age) => {
    renderCard(openJob({ createdAt }), new Date('2025-06-15T18:00:00Z'));
    expect(screen.getByText(age)).toBeTruthy();
  });
});

describe('the count of open jobs', () => {
  it('puts the noun in the singular for one only', () => {
    expect(jobsAvailableText(1)).toBe('1 job available');
    expect(jobsAvailableText(5)).toBe('5 jobs available');
  });
});
