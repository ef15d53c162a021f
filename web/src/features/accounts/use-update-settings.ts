import type { SettingsResponse } from '@domain/accounts/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { showError } from '@/lib/toast';
import { SESSION_QUERY_KEY, type SessionData, type Settings } from './session';
import { announceSessionChange } from './session-sync';

/** The values `settings` has for the keys of `change`. */
function pick(settings: Settings, change: Partial<Settings>): Partial<Settings> {
  return Object.fromEntries(
    Object.keys(change).map((key) => [key, settings[key as keyof Settings]]),
  ) as Partial<Settings>;
}

function patchCachedSettings(
  queryClient: ReturnType<typeof useQueryClient>,
  change: Partial<Settings>,
): void {
  queryClient.setQueryData<SessionData>(SESSION_QUERY_KEY, (data) =>
    data?.user ? { user: { ...data.user, settings: { ...data.user.settings, ...change } } } : data,
  );
}

/**
 * Saves Settings switches. The settings ride on the cached session, so a switch (and the theme, which
 * follows `darkMode`) changes at once; a refused change is put back as it was and reported.
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<Settings>) =>
      apiFetch<SettingsResponse>('/account/settings', { method: 'PATCH', json: change }),
    onMutate: async (change) => {
      // A session refetch in flight would overwrite the optimistic value with the old one.
      await queryClient.cancelQueries({ queryKey: SESSION_QUERY_KEY });
      const settings = queryClient.getQueryData<SessionData>(SESSION_QUERY_KEY)?.user?.settings;
      // Only the keys of this change are put back on failure, so a later change that succeeded stays.
      const previous = settings ? pick(settings, change) : {};
      patchCachedSettings(queryClient, change);
      return { previous };
    },
    onError: (error, _change, context) => {
      if (context) patchCachedSettings(queryClient, context.previous);
      void showError('Error', error.message);
    },
    onSuccess: ({ settings }, change) => {
      // Only this change's keys: an answer to an earlier change must not undo a later optimistic one.
      patchCachedSettings(queryClient, pick(settings, change));
      announceSessionChange();
    },
  });
}
