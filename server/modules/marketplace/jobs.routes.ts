import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  JobResponse,
  MyJobsQuery,
  MyJobsResponse,
  OpenJobsPage,
  OpenJobsQuery,
} from '../../../domain/marketplace/api';
import { EditJobBody, PostJobBody } from '../../../domain/marketplace/schemas';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import { editJob } from './job-edit';
import { cancelJob, jobDetail, type MarketDeps, myJobs, openJobs, postJob } from './jobs.service';

const doc = openApiDoc('jobs');

// Posting a job changes nothing a session carries, nor anything visitors read of tradespeople (open
// jobs have their own shared pages, cleared by jobs-changed).
const unchanged = { config: { sessionUnchanged: true } };

const JobParams = z.object({ id: z.uuid() });

export const jobRoutes =
  (deps: MarketDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/jobs',
      doc('Post a job', { body: PostJobBody, response: { 201: JobResponse } }, unchanged),
      async (request, reply) =>
        reply.status(201).send({ job: await postJob(deps, requireUser(request), request.body) }),
    );

    app.get(
      '/jobs/mine',
      doc("A page of the customer's jobs, newest first", {
        querystring: MyJobsQuery,
        response: { 200: MyJobsResponse },
      }),
      async (request) => myJobs(deps, requireUser(request), request.query),
    );

    app.get(
      '/jobs/open',
      doc('Open jobs for tradespeople, newest first, keyset-paginated', {
        querystring: OpenJobsQuery,
        response: { 200: OpenJobsPage },
      }),
      async (request) => openJobs(deps, requireUser(request), request.query),
    );

    app.get(
      '/jobs/:id',
      doc('A job, as the viewer may see it', { params: JobParams, response: { 200: JobResponse } }),
      async (request) => ({ job: await jobDetail(deps, requireUser(request), request.params.id) }),
    );

    app.patch(
      '/jobs/:id',
      doc('Edit an open job: its photos any time, its details while it has no quotes', {
        params: JobParams,
        body: EditJobBody,
        response: { 200: JobResponse },
      }),
      async (request) => ({
        job: await editJob(deps, requireUser(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/jobs/:id/cancel',
      doc('Cancel an open job', { params: JobParams, response: { 200: JobResponse } }),
      async (request) => ({ job: await cancelJob(deps, requireUser(request), request.params.id) }),
    );
  };
