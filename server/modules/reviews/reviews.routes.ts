import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ModerateReviewBody,
  ModerateReviewResponse,
  MyReviewResponse,
  MyReviewsPage,
  MyReviewsQuery,
  ReplyBody,
  ReportBody,
  ReportResponse,
  ReviewBody,
  ReviewReportsQuery,
  ReviewReportsResponse,
  ReviewTasksResponse,
} from '../../../domain/reviews/api';
import { openApiDoc } from '../../lib/route-docs';
import { adminOnly, requireAdmin, requireUser } from '../../plugins/auth-context';
import { moderateReview, reportedReviews } from './moderation.service';
import {
  myReviews,
  type ReviewDeps,
  replyToReview,
  reportReview,
  reviewTasks,
  submitReview,
} from './reviews.service';

const doc = openApiDoc('reviews');
const adminDoc = openApiDoc('admin');

const IdParams = z.object({ id: z.uuid() });

/** Reviews (docs/api/reviews.md): writing, fair reveal, replies, reports and the admin's decisions. */
export const reviewRoutes =
  (deps: ReviewDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/bookings/:id/reviews',
      doc('Review the other party of a completed, paid booking (once; hidden until fair reveal)', {
        params: IdParams,
        body: ReviewBody,
        response: { 201: MyReviewResponse },
      }),
      async (request, reply) =>
        reply.status(201).send({
          review: await submitReview(deps, requireUser(request), request.params.id, request.body),
        }),
    );

    app.get(
      '/reviews/mine',
      doc('Reviews I wrote or received, newest first', {
        querystring: MyReviewsQuery,
        response: { 200: MyReviewsPage },
      }),
      async (request) => myReviews(deps, requireUser(request), request.query),
    );

    app.get(
      '/reviews/to-write',
      doc('My completed, paid bookings whose review window is open and that I have not reviewed', {
        response: { 200: ReviewTasksResponse },
      }),
      async (request) => ({ bookings: await reviewTasks(deps, requireUser(request)) }),
    );

    app.put(
      '/reviews/:id/reply',
      doc("The reviewee's public reply: posted once, editable for 48 hours", {
        params: IdParams,
        body: ReplyBody,
        response: { 200: MyReviewResponse },
      }),
      async (request) => ({
        review: await replyToReview(deps, requireUser(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/reviews/:id/reports',
      doc('Report a published review to the admins (abusive, or not about the job)', {
        params: IdParams,
        body: ReportBody,
        response: { 201: ReportResponse },
      }),
      async (request, reply) =>
        reply
          .status(201)
          .send(await reportReview(deps, requireUser(request), request.params.id, request.body)),
    );

    app.get(
      '/admin/reviews',
      adminDoc(
        'Reported reviews: open reports oldest first, or the latest decided (admins)',
        { querystring: ReviewReportsQuery, response: { 200: ReviewReportsResponse } },
        { preValidation: adminOnly },
      ),
      async (request) => reportedReviews(deps, request.query.status),
    );

    app.post(
      '/admin/reviews/:id/moderate',
      adminDoc(
        'Hide a review with a reason, or keep it and close its reports (admins, audited)',
        { params: IdParams, body: ModerateReviewBody, response: { 200: ModerateReviewResponse } },
        { preValidation: adminOnly },
      ),
      async (request) =>
        moderateReview(deps, requireAdmin(request), request.params.id, request.body, request.ip),
    );
  };
