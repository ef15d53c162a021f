// Shapes the reviews API answers with (docs/api/reviews.md, domain/reviews/api.ts), for component tests.
import type { BookingView } from '@domain/marketplace/api';
import type { MyReviewsPage, MyReviewView, ReviewTask } from '@domain/reviews/api';
import { CUSTOMER_ID, JOB_ID, TRADESPERSON_ID } from '@/test/fixtures';

export const BOOKING_ID = '30000000-0000-4000-8000-000000000001';
export const REVIEW_ID = '60000000-0000-4000-8000-000000000001';
/** Far enough ahead that the window is open whenever the tests run: 'Reviews close on 7 Dec 2099'. */
export const OPEN_UNTIL = '2099-12-07T12:00:00.000Z';
export const CLOSED_AT = '2020-03-01T12:00:00.000Z';

export function bookingReviews(overrides: Partial<BookingView['reviews']> = {}): BookingView['reviews'] {
  return {
    closesAt: OPEN_UNTIL,
    customerReviewed: false,
    tradespersonReviewed: false,
    published: false,
    ...overrides,
  };
}

const ann = { id: CUSTOMER_ID, name: 'Ann Smith', userType: 'customer' as const };
const tom = { id: TRADESPERSON_ID, name: 'Tom Pipes', userType: 'tradesperson' as const };

/** A review about the signed-in tradesperson Tom, written by Ann, published. */
export function makeReceivedReview(overrides: Partial<MyReviewView> = {}): MyReviewView {
  return {
    id: REVIEW_ID,
    bookingId: BOOKING_ID,
    job: { id: JOB_ID, title: 'Fix a leaking tap' },
    side: 'received',
    status: 'published',
    rating: 4,
    comment: 'Quick and tidy.',
    createdAt: '2026-11-01T10:00:00.000Z',
    publishedAt: '2026-11-02T10:00:00.000Z',
    revealDueAt: OPEN_UNTIL,
    hiddenReason: null,
    reply: null,
    repliedAt: null,
    replyEditableUntil: null,
    canReply: true,
    reported: false,
    reviewer: ann,
    reviewee: tom,
    ...overrides,
  };
}

/** A review Tom wrote about Ann. */
export function makeWrittenReview(overrides: Partial<MyReviewView> = {}): MyReviewView {
  return makeReceivedReview({
    id: '60000000-0000-4000-8000-000000000002',
    side: 'written',
    rating: 5,
    comment: 'A pleasure to work for.',
    canReply: false,
    reviewer: tom,
    reviewee: ann,
    ...overrides,
  });
}

/** Tom's booking for Ann, waiting for his review. */
export function makeReviewTask(overrides: Partial<ReviewTask> = {}): ReviewTask {
  return {
    bookingId: BOOKING_ID,
    job: { id: JOB_ID, title: 'Fix a leaking tap' },
    other: ann,
    otherReviewed: false,
    paidAt: '2026-11-20T12:00:00.000Z',
    closesAt: OPEN_UNTIL,
    ...overrides,
  };
}

export const reviewsPage = (reviews: MyReviewView[], nextCursor: string | null = null) => ({
  status: 200,
  body: { reviews, nextCursor } satisfies MyReviewsPage,
});
