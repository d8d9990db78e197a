import { useMutation, useQuery } from '@tanstack/react-query';
import { addStudentResponseSchema, linkAnsweredSchema, linkedStudentsResponseSchema, parentLinksResponseSchema, weeklyEmailResponseSchema } from '#shared/parents/parents.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

const path = encodeURIComponent;

export const parentKeys = {
  students: () => [QUERY_ROOTS.parents, 'students'] as const,
  mine: () => [QUERY_ROOTS.parents, 'mine'] as const,
};

const AFTER_LINK_CHANGE = [[QUERY_ROOTS.parents]] as const;
/** Answering a link request marks the bell's item about it read on the server: the bell reads again. */
const AFTER_LINK_ANSWERED = [[QUERY_ROOTS.parents], [QUERY_ROOTS.notifications]] as const;

/** GET /api/parent/students: the parent's links, approved ones with the student's figures. */
export const getLinkedStudents = (signal?: AbortSignal, client: ApiClient = api) => client.request('/api/parent/students', { auth: true, schema: linkedStudentsResponseSchema, signal });

/** A student's approval arrives from elsewhere: asked again every 30 s while the dashboard is open. */
export const PARENT_REFRESH_MS = 30_000;

export function useLinkedStudents() {
  return useQuery({ queryKey: parentKeys.students(), queryFn: ({ signal }) => getLinkedStudents(signal), refetchInterval: PARENT_REFRESH_MS });
}

export function useAddStudent() {
  return useMutation({
    mutationFn: (email: string) => api.request('/api/parent/students', { method: 'POST', body: { email }, auth: true, schema: addStudentResponseSchema }),
    meta: { invalidates: AFTER_LINK_CHANGE },
  });
}

export function useRemoveStudent() {
  return useMutation({
    mutationFn: (studentId: string) => api.request(`/api/parent/students/${path(studentId)}`, { method: 'DELETE', auth: true }),
    meta: { invalidates: AFTER_LINK_CHANGE },
  });
}

export function useSetWeeklyEmail() {
  return useMutation({
    mutationFn: ({ studentId, enabled }: { studentId: string; enabled: boolean }) =>
      api.request(`/api/parent/students/${path(studentId)}/weekly-email`, { method: 'PUT', body: { enabled }, auth: true, schema: weeklyEmailResponseSchema }),
    meta: { invalidates: AFTER_LINK_CHANGE },
  });
}

/* ---------- The student's side (/profile) ---------- */

export function useMyParents() {
  return useQuery({ queryKey: parentKeys.mine(), queryFn: ({ signal }) => api.request('/api/me/parents', { auth: true, schema: parentLinksResponseSchema, signal }) });
}

export function useRespondToParent() {
  return useMutation({
    mutationFn: ({ parentId, accept }: { parentId: string; accept: boolean }) =>
      api.request(`/api/me/parents/${path(parentId)}/respond`, { method: 'POST', body: { accept }, auth: true, schema: linkAnsweredSchema }),
    meta: { invalidates: AFTER_LINK_ANSWERED },
  });
}

export function useRemoveParent() {
  return useMutation({
    mutationFn: (parentId: string) => api.request(`/api/me/parents/${path(parentId)}`, { method: 'DELETE', auth: true }),
    meta: { invalidates: AFTER_LINK_CHANGE },
  });
}
