import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { auditLogResponseSchema } from '#shared/admin/audit.ts';
import { adminOverviewResponseSchema } from '#shared/admin/stats.ts';
import { seenTrackingResetResponseSchema, type AddUserInput, type EditUserInput } from '#shared/admin/users.ts';
import { messageResponseSchema, profileListResponseSchema, profileMessageResponseSchema } from '#shared/api.ts';
import { generateUpcomingResponseSchema } from '#shared/social/daily-challenge.ts';
import { healthResponseSchema } from '#shared/system/api.ts';
import { tournamentResponseSchema } from '#shared/tournaments/api.ts';
import type { Role } from '#shared/constants.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';
import { adminKeys } from './query-keys.ts';

/** GET /api/admin/overview: the statistics, from pre-aggregated counters. */
export const getOverview = (signal?: AbortSignal, client: ApiClient = api) => client.request('/api/admin/overview', { auth: true, schema: adminOverviewResponseSchema, signal });

export function useAdminOverview() {
  return useQuery({ queryKey: adminKeys.overview(), queryFn: ({ signal }) => getOverview(signal) });
}

/** GET /api/health: the three checks, shown in full on the console. */
export type { HealthResponse as SystemHealth } from '#shared/system/api.ts';

export function useSystemHealth() {
  return useQuery({ queryKey: adminKeys.health(), queryFn: ({ signal }) => api.request('/api/health', { auth: true, schema: healthResponseSchema, signal }) });
}

export const USERS_PAGE_SIZE = 25;

/** GET /api/admin/users?role=&q=: one role's accounts (those whose e-mail starts with `search`), a page at a time (Load more). */
export function useAdminUsers(role: Role, search: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.users(role, search),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams({ role, limit: String(USERS_PAGE_SIZE) });
      if (search) query.set('q', search);
      if (pageParam) query.set('cursor', pageParam);
      return api.request(`/api/admin/users?${query}`, { auth: true, schema: profileListResponseSchema, signal });
    },
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/audit-log: newest first, a page at a time. */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.auditLog(),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      api.request(`/api/admin/audit-log?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, { auth: true, schema: auditLogResponseSchema, signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Every admin change shows in the console (lists, counters, the audit log). */
const AFTER_ADMIN_CHANGE = [[QUERY_ROOTS.admin]] as const;

export function useAddUser() {
  return useMutation({
    mutationFn: (input: AddUserInput) => api.request('/api/admin/users', { method: 'POST', body: input, auth: true, schema: profileMessageResponseSchema }),
    meta: { invalidates: AFTER_ADMIN_CHANGE },
  });
}

export function useEditUser() {
  return useMutation({
    mutationFn: ({ userId, ...input }: EditUserInput & { userId: string }) =>
      api.request(`/api/admin/users/${encodeURIComponent(userId)}`, { method: 'PATCH', body: input, auth: true, schema: profileMessageResponseSchema }),
    meta: { invalidates: AFTER_ADMIN_CHANGE },
  });
}

export function useDeleteUser() {
  return useMutation({
    mutationFn: (userId: string) => api.request(`/api/admin/users/${encodeURIComponent(userId)}`, { method: 'DELETE', auth: true, schema: messageResponseSchema }),
    meta: { invalidates: AFTER_ADMIN_CHANGE },
  });
}

export function useResetSeenTracking() {
  return useMutation({
    mutationFn: () => api.request('/api/admin/seen-tracking/reset', { method: 'POST', body: {}, auth: true, schema: seenTrackingResetResponseSchema }),
    meta: { invalidates: AFTER_ADMIN_CHANGE },
  });
}

/** POST /api/daily-challenges/generate-upcoming: the next 7 days (existing ones kept). */
export function useGenerateDailyChallenges() {
  return useMutation({
    mutationFn: () =>
      api.request('/api/daily-challenges/generate-upcoming', { method: 'POST', body: {}, auth: true, schema: generateUpcomingResponseSchema, timeoutMs: 30_000 }),
    meta: { invalidates: [...AFTER_ADMIN_CHANGE, [QUERY_ROOTS.daily]] },
  });
}

/** POST /api/tournaments/quick-match: a live match starting in a minute. */
export function useQuickMatch() {
  return useMutation({
    mutationFn: () => api.request('/api/tournaments/quick-match', { method: 'POST', body: {}, auth: true, schema: tournamentResponseSchema }),
    meta: { invalidates: [...AFTER_ADMIN_CHANGE, [QUERY_ROOTS.tournaments]] },
  });
}
