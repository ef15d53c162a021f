// The fake API's My Jobs list, which the My Jobs page and the actions on its cards read.
import type { MyJobView } from '@domain/marketplace/api';
import type { mockApi } from './render';

/** My Jobs' list answering with these jobs; a function is asked again at each request, for a list that changes. */
export function myJobsHandler(jobs: MyJobView[] | (() => MyJobView[])): Parameters<typeof mockApi>[0] {
  return {
    'GET /api/v1/jobs/mine': () => ({
      status: 200,
      body: { jobs: typeof jobs === 'function' ? jobs() : jobs, nextCursor: null },
    }),
  };
}
