// Server calls for verification (docs/api/verification.md) as TanStack Query hooks: the tradesperson's
// documents and the admin's review of them. Types only from the shared schemas. Every path is written
// out as a literal so the contract test (server/contract.int.test.ts) can check it.
import type {
  AdminDocumentView,
  DocumentDecisionResponse,
  VerificationQueueResponse,
} from '@domain/admin/api';
import type { DocumentResponse, DocumentsResponse, DocumentView } from '@domain/profiles/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, postForm } from '@/lib/api';

export type { AdminDocumentView, DocumentsResponse, DocumentView, VerificationQueueResponse };

export type VerificationTab = 'pending' | 'decided';

// The documents' key sits under the own profile's, so refreshing the profile refreshes them too; the
// queue's under the admin console's, which refreshes with it.
export const verificationKeys = {
  documents: ['tradesperson-profile', 'documents'] as const,
  queue: (tab: VerificationTab) => ['admin', 'verifications', tab] as const,
};

/** The tradesperson's documents and, as of today, whether they make it verified (DOMAIN-RULES 10). */
export function useDocuments() {
  return useQuery({
    queryKey: verificationKeys.documents,
    queryFn: ({ signal }) => apiFetch<DocumentsResponse>('/documents', { signal }),
  });
}

/**
 * An upload's fields. `replaces` names the document this one replaces: the server links the new
 * (pending) document to it, and withdraws the old one if that was still pending.
 */
export type DocumentUpload = {
  kind: string;
  title: string;
  expiresOn: string;
  replaces?: string;
  file: File;
};

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, ...fields }: DocumentUpload) => {
      const form = new FormData();
      // Text fields first, so the server has them before the file arrives.
      for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
      form.append('file', file);
      return postForm<DocumentResponse>('/documents', form).then((r) => r.document);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: verificationKeys.documents }),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/documents/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: verificationKeys.documents }),
  });
}

// ---- The admin's queue and decisions ----

export function useVerificationQueue(tab: VerificationTab) {
  return useQuery({
    queryKey: verificationKeys.queue(tab),
    queryFn: ({ signal }) =>
      apiFetch<VerificationQueueResponse>(`/admin/verifications?status=${tab}`, { signal }),
  });
}

export type Decision = { decision: 'approve' } | { decision: 'reject'; reason: string };

/**
 * Approves or rejects one document, sending the version the admin looked at: if it changed since, the
 * server refuses (409) rather than overwrite, and the caller reloads. A decided document leaves the
 * Pending list at once; everything else the console shows about documents and users is refreshed.
 */
export function useDocumentDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ document, decision }: { document: AdminDocumentView; decision: Decision }) =>
      apiFetch<DocumentDecisionResponse>(`/admin/documents/${encodeURIComponent(document.id)}/decision`, {
        method: 'POST',
        json: { ...decision, version: document.version },
      }),
    onSuccess: ({ document }) => {
      queryClient.setQueryData<VerificationQueueResponse>(verificationKeys.queue('pending'), (queue) =>
        queue?.documents.some((d) => d.id === document.id)
          ? {
              documents: queue.documents.filter((d) => d.id !== document.id),
              pendingCount: Math.max(0, queue.pendingCount - 1),
            }
          : queue,
      );
    },
    // After a refusal too: someone else decided it, or the tradesperson replaced it, so show what is
    // true now.
    onSettled: () => {
      void refreshDocuments(queryClient);
    },
  });
}

function refreshDocuments(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin', 'verifications'] }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'overview'] }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  ]);
}
