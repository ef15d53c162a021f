// The support team's side (docs/api/support.md, admins only) as TanStack Query hooks. Notes travel
// only here, through the admin routes; the `support` event only says which conversation to refetch.
import type {
  AdminSupportConversationView,
  AssignBody,
  CannedRepliesResponse,
  CannedReplyBody,
  CannedReplyView,
  ConvertToDisputeBody,
  ConvertToDisputeResponse,
  InboxItem,
  InboxResponse,
  StaffMessageBody,
  StaffMessageView,
} from '@domain/support/api';
import type { SupportInboxView } from '@domain/support/rules';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type * as z from 'zod';
import { apiFetch } from '@/lib/api';
import { retryServerErrors } from './api';
import { supportKeys } from './keys';

export type { AdminSupportConversationView, InboxItem };
export type CannedReply = z.output<typeof CannedReplyView>;
type Inbox = z.output<typeof InboxResponse>;

// Paths are written out whole so the contract test (server/contract.int.test.ts) can check them.

export function useInbox(view: SupportInboxView) {
  return useInfiniteQuery<
    Inbox,
    Error,
    InfiniteData<Inbox, string | null>,
    ReturnType<typeof supportKeys.inbox>,
    string | null
  >({
    queryKey: supportKeys.inbox(view),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ view });
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch<Inbox>(`/admin/support?${params}`, { signal });
    },
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAdminSupportConversation(id: string) {
  return useQuery({
    queryKey: supportKeys.adminConversation(id),
    queryFn: ({ signal }) =>
      apiFetch<AdminSupportConversationView>(`/admin/support/${encodeURIComponent(id)}`, { signal }),
    retry: retryServerErrors,
  });
}

/** After a change: the conversation takes the answer, and the inbox's views are fetched again. */
function useRefresh(id: string) {
  const queryClient = useQueryClient();
  return (conversation?: AdminSupportConversationView) => {
    if (conversation) queryClient.setQueryData(supportKeys.adminConversation(id), conversation);
    else void queryClient.invalidateQueries({ queryKey: supportKeys.adminConversation(id) });
    void queryClient.invalidateQueries({ queryKey: ['support', 'admin', 'inbox'] });
  };
}

export function useStaffMessage(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: z.input<typeof StaffMessageBody>) =>
      apiFetch<z.output<typeof StaffMessageView>>(`/admin/support/${encodeURIComponent(id)}/messages`, {
        method: 'POST',
        json: body,
      }),
    onSuccess: () => refresh(),
  });
}

export function useMarkStaffRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(`/admin/support/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['support', 'admin', 'inbox'] }),
  });
}

export function useAssign(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: z.input<typeof AssignBody>) =>
      apiFetch<AdminSupportConversationView>(`/admin/support/${encodeURIComponent(id)}/assign`, {
        method: 'POST',
        json: body,
      }),
    onSuccess: refresh,
  });
}

export function useAdminCloseOrReopen(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (action: 'close' | 'reopen') =>
      apiFetch<AdminSupportConversationView>(
        action === 'close'
          ? `/admin/support/${encodeURIComponent(id)}/close`
          : `/admin/support/${encodeURIComponent(id)}/reopen`,
        { method: 'POST' },
      ),
    onSuccess: refresh,
  });
}

export function useConvertToDispute(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: z.output<typeof ConvertToDisputeBody>) =>
      apiFetch<z.output<typeof ConvertToDisputeResponse>>(
        `/admin/support/${encodeURIComponent(id)}/dispute`,
        { method: 'POST', json: body },
      ),
    onSuccess: () => refresh(),
  });
}

export function useCannedReplies() {
  return useQuery({
    queryKey: supportKeys.canned,
    queryFn: ({ signal }) =>
      apiFetch<z.output<typeof CannedRepliesResponse>>('/admin/support/canned', { signal }).then(
        (r) => r.replies,
      ),
  });
}

type CannedChange =
  | { action: 'create'; body: z.output<typeof CannedReplyBody> }
  | { action: 'update'; id: string; body: z.output<typeof CannedReplyBody> }
  | { action: 'delete'; id: string };

export function useChangeCanned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CannedChange): Promise<unknown> => {
      if (change.action === 'create')
        return apiFetch<CannedReply>('/admin/support/canned', { method: 'POST', json: change.body });
      if (change.action === 'update')
        return apiFetch<CannedReply>(`/admin/support/canned/${encodeURIComponent(change.id)}`, {
          method: 'PATCH',
          json: change.body,
        });
      return apiFetch<void>(`/admin/support/canned/${encodeURIComponent(change.id)}`, { method: 'DELETE' });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: supportKeys.canned }),
  });
}
