// The person's side of chat support (docs/api/support.md) as TanStack Query hooks. Every answer is
// refetched through the person's own routes: the `support` event names a conversation, never content.
import type {
  GuestSupportBody,
  GuestSupportResponse,
  HandoverBody,
  OpenSupportBody,
  SupportConversationsResponse,
  SupportConversationView,
  SupportMessageView,
} from '@domain/support/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import { ApiError, apiFetch } from '@/lib/api';
import { supportKeys } from './keys';

export type { SupportConversationView, SupportMessageView };

/** A hidden or unknown conversation (404) is an answer, not a hiccup worth retrying. */
export const retryServerErrors = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && count < 1;

export function useSupportConversations(enabled = true) {
  return useQuery({
    queryKey: supportKeys.mine,
    queryFn: ({ signal }) =>
      apiFetch<z.output<typeof SupportConversationsResponse>>('/support/conversations', { signal }),
    enabled,
  });
}

export function useSupportConversation(id: string | null) {
  return useQuery({
    queryKey: supportKeys.conversation(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<SupportConversationView>(`/support/conversations/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    retry: retryServerErrors,
  });
}

/** After anything that changes a conversation: it, and the list of them, are fetched again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (conversation?: SupportConversationView) => {
    if (conversation) queryClient.setQueryData(supportKeys.conversation(conversation.id), conversation);
    void queryClient.invalidateQueries({ queryKey: supportKeys.mine });
  };
}

/** The first message opens a conversation (or writes into the one already open). */
export function useOpenSupport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: z.input<typeof OpenSupportBody>) =>
      apiFetch<SupportConversationView>('/support/conversations', { method: 'POST', json: body }),
    onSuccess: refresh,
  });
}

export function useSendSupportMessage(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (message: string) =>
      apiFetch<SupportMessageView>(`/support/conversations/${encodeURIComponent(id)}/messages`, {
        method: 'POST',
        json: { message },
      }),
    onSuccess: () => refresh(),
  });
}

export function useMarkSupportRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<void>(`/support/conversations/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportKeys.mine }),
  });
}

export function useCloseOrReopenSupport(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (action: 'close' | 'reopen') =>
      apiFetch<SupportConversationView>(
        action === 'close'
          ? `/support/conversations/${encodeURIComponent(id)}/close`
          : `/support/conversations/${encodeURIComponent(id)}/reopen`,
        { method: 'POST' },
      ),
    onSuccess: refresh,
  });
}

export function useGuestSupport() {
  return useMutation({
    mutationFn: (body: z.input<typeof GuestSupportBody>) =>
      apiFetch<z.output<typeof GuestSupportResponse>>('/support/guest', { method: 'POST', json: body }),
  });
}

/** 'Talk to support' from the assistant: the transcript goes with the person's consent. */
export function useHandover() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: z.input<typeof HandoverBody>) =>
      apiFetch<SupportConversationView>('/support/handover', { method: 'POST', json: body }),
    onSuccess: refresh,
  });
}
