// Server calls for the tradesperson's own profile, and Business Setup (docs/api/profiles.md) as TanStack Query hooks. Types only from the shared schemas.
import type { OwnProfile, OwnProfileResponse, PictureResponse } from '@domain/profiles/api';
import type { SetupDetails, SetupServices, UpdateProfile } from '@domain/profiles/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, postForm } from '@/lib/api';

export type { OwnProfile };

export const profileKeys = {
  own: ['tradesperson-profile'] as const,
};

/** The server's own words when it sent them, else the screen's fallback text (spec section 8). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code !== 'HTTP_ERROR' && error.message) return error.message;
  return fallback;
}

/** The signed-in tradesperson's own profile, also fetched ahead by the server's render of a job. */
export const ownProfileQuery = queryOptions({
  queryKey: profileKeys.own,
  queryFn: () => apiFetch<OwnProfileResponse>('/tradesperson/profile').then((r) => r.profile),
});

/** The signed-in tradesperson's own profile; `enabled: false` for anyone else (a customer has none). */
export function useOwnProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...ownProfileQuery, enabled });
}

/**
 * Saves through one of the profile's endpoints and keeps the cached profile in step. Each caller writes
 * its method and path out in full, so the contract test (server/contract.int.test.ts) can read them.
 */
function useProfileMutation<Body>(save: (body: Body) => Promise<OwnProfileResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => save(body).then((r) => r.profile),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.own, profile);
      // Cards and public profiles elsewhere show these fields.
      void queryClient.invalidateQueries({ queryKey: ['tradespeople'] });
    },
  });
}

export const useSaveProfile = () =>
  useProfileMutation((body: UpdateProfile) =>
    apiFetch<OwnProfileResponse>('/tradesperson/profile', { method: 'PUT', json: body }),
  );
export const useSaveSetupDetails = () =>
  useProfileMutation((body: SetupDetails) =>
    apiFetch<OwnProfileResponse>('/tradesperson/setup/details', { method: 'PUT', json: body }),
  );
export const useSaveSetupServices = () =>
  useProfileMutation((body: SetupServices) =>
    apiFetch<OwnProfileResponse>('/tradesperson/setup/services', { method: 'PUT', json: body }),
  );
export const useCompleteSetup = () =>
  useProfileMutation<undefined>(() =>
    apiFetch<OwnProfileResponse>('/tradesperson/setup/complete', { method: 'POST' }),
  );

export function useUploadPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return postForm<PictureResponse>('/tradesperson/profile/picture', form).then((r) => r.avatarUrl);
    },
    onSuccess: (avatarUrl) => {
      queryClient.setQueryData<OwnProfile>(profileKeys.own, (p) => (p ? { ...p, avatarUrl } : p));
    },
  });
}

export function useRemovePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>('/tradesperson/profile/picture', { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.setQueryData<OwnProfile>(profileKeys.own, (p) => (p ? { ...p, avatarUrl: null } : p));
    },
  });
}
