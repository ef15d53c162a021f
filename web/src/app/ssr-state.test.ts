import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { decodeState, encodeState } from './ssr-state';

describe('the server-rendered query cache carried in the page', () => {
  it('keeps data and an ApiError through JSON, with no way to close the script tag', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.prefetchQuery({ queryKey: ['job'], queryFn: () => ({ title: '</script><b>x</b>' }) });
    await client.prefetchQuery({
      queryKey: ['missing'],
      queryFn: () => Promise.reject(new ApiError('not_found', 'Job not found', 404)),
    });
    const json = encodeState(
      dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' }),
    );
    expect(json).not.toContain('<');
    const state = decodeState(json);
    expect(state.queries[0]?.state.data).toEqual({ title: '</script><b>x</b>' });
    const error = state.queries[1]?.state.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'not_found', message: 'Job not found', status: 404 });
  });
});
