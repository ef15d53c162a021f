// The fake API behind a tradesperson's public pages (their profile and their reviews), which both the
// profile page and the reviews page read.
import type { PublicProfile, ReviewsPage } from '@domain/discovery/api';
import type { SessionUser } from '@/features/accounts/session';
import { reviewsPage } from '@/features/discovery/test-fixtures';
import { mockApi, sessionHandler } from './render';
import { queriesSentTo } from './requests';

/** `reviews` answers each page of reviews for the cursor the page asked with (null for the first). */
export function mockProfileApi(
  profile: PublicProfile,
  user: SessionUser | null,
  reviews: (cursor: string | null) => ReviewsPage = () => reviewsPage([]),
  handlers: Parameters<typeof mockApi>[0] = {},
) {
  const reviewsPath = `/api/v1/tradespeople/${profile.id}/reviews`;
  const fetchMock = mockApi({
    ...sessionHandler(user),
    [`GET /api/v1/tradespeople/${profile.id}`]: () => ({ status: 200, body: { profile } }),
    [`GET ${reviewsPath}`]: () => ({
      status: 200,
      body: reviews(queriesSentTo(fetchMock, reviewsPath).at(-1)?.get('cursor') ?? null),
    }),
    ...handlers,
  });
  return { fetchMock, reviewsPath };
}
