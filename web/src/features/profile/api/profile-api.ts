import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, profileMessageResponseSchema } from '#shared/api.ts';
import type { ProfileUpdate } from '#shared/profile.ts';
import { api } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

/** PATCH /api/me: full name, phone and time allowance; the session's profile is fetched again (QUERY_ROOTS.me). */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (update: ProfileUpdate) => api.request('/api/me', { method: 'PATCH', body: update, auth: true, schema: profileMessageResponseSchema }),
    meta: { invalidates: [[QUERY_ROOTS.me]] },
  });
}

/** DELETE /api/me: deletes the account and all its data for real; the caller signs out afterwards. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => api.request('/api/me', { method: 'DELETE', auth: true, schema: messageResponseSchema }),
  });
}
