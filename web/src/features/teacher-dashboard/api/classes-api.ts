import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import { assignmentCreatedSchema, classCreatedSchema, classDetailSchema, classListResponseSchema, invitedSchema, joinedClassSchema, myClassesSchema } from '#shared/classes/classes.ts';
import type { Level, Subject } from '#shared/constants.ts';
import { linkAnsweredSchema } from '#shared/parents/parents.ts';
import { api } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

const path = encodeURIComponent;

export const classKeys = {
  list: () => [QUERY_ROOTS.classes, 'list'] as const,
  detail: (id: string) => [QUERY_ROOTS.classes, 'detail', id] as const,
  mine: () => [QUERY_ROOTS.classes, 'mine'] as const,
};

const AFTER_CLASS_CHANGE = [[QUERY_ROOTS.classes]] as const;
/** Answering an invitation marks the bell's item about it read on the server: the bell reads again. */
const AFTER_INVITATION_ANSWERED = [[QUERY_ROOTS.classes], [QUERY_ROOTS.notifications]] as const;
/** Students join and play on their own: the open class is asked again every 30 s. */
export const CLASS_REFRESH_MS = 30_000;

export function useClasses() {
  return useQuery({ queryKey: classKeys.list(), queryFn: ({ signal }) => api.request('/api/classes', { auth: true, schema: classListResponseSchema, signal }) });
}

export function useClassDetail(classId: string | null) {
  return useQuery({
    queryKey: classKeys.detail(classId ?? ''),
    queryFn: ({ signal }) => api.request(`/api/classes/${path(classId ?? '')}`, { auth: true, schema: classDetailSchema, signal }),
    enabled: classId !== null,
    refetchInterval: CLASS_REFRESH_MS,
  });
}

export function useCreateClass() {
  return useMutation({
    mutationFn: (name: string) => api.request('/api/classes', { method: 'POST', body: { name }, auth: true, schema: classCreatedSchema }),
    meta: { invalidates: AFTER_CLASS_CHANGE },
  });
}

export function useDeleteClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (classId: string) => api.request(`/api/classes/${path(classId)}`, { method: 'DELETE', auth: true }),
    // Gone from the selector at once, so the page never opens the deleted class while the list reloads.
    onSuccess: (_done, classId) =>
      queryClient.setQueryData<z.infer<typeof classListResponseSchema>>(classKeys.list(), (old) => (old ? { ...old, classes: old.classes.filter((c) => c.id !== classId) } : old)),
    meta: { invalidates: AFTER_CLASS_CHANGE },
  });
}

export function useInviteStudent(classId: string) {
  return useMutation({
    mutationFn: (email: string) => api.request(`/api/classes/${path(classId)}/students`, { method: 'POST', body: { email }, auth: true, schema: invitedSchema }),
    meta: { invalidates: AFTER_CLASS_CHANGE },
  });
}

export function useRemoveClassStudent(classId: string) {
  return useMutation({
    mutationFn: (studentId: string) => api.request(`/api/classes/${path(classId)}/students/${path(studentId)}`, { method: 'DELETE', auth: true }),
    meta: { invalidates: AFTER_CLASS_CHANGE },
  });
}

export function useCreateAssignment(classId: string) {
  return useMutation({
    mutationFn: (input: { subject: Subject; level: Level; due_date: string }) =>
      api.request(`/api/classes/${path(classId)}/assignments`, { method: 'POST', body: input, auth: true, schema: assignmentCreatedSchema }),
    meta: { invalidates: AFTER_CLASS_CHANGE },
  });
}

/* ---------- The student's side (dashboard) ---------- */

export function useMyClasses() {
  return useQuery({ queryKey: classKeys.mine(), queryFn: ({ signal }) => api.request('/api/me/classes', { auth: true, schema: myClassesSchema, signal }) });
}

export function useJoinClass() {
  return useMutation({
    mutationFn: (code: string) => api.request('/api/classes/join', { method: 'POST', body: { code }, auth: true, schema: joinedClassSchema }),
    meta: { invalidates: AFTER_CLASS_CHANGE },
  });
}

export function useRespondToInvitation() {
  return useMutation({
    mutationFn: ({ classId, accept }: { classId: string; accept: boolean }) =>
      api.request(`/api/me/classes/${path(classId)}/respond`, { method: 'POST', body: { accept }, auth: true, schema: linkAnsweredSchema }),
    meta: { invalidates: AFTER_INVITATION_ANSWERED },
  });
}

export function useLeaveClass() {
  return useMutation({
    mutationFn: (classId: string) => api.request(`/api/me/classes/${path(classId)}`, { method: 'DELETE', auth: true }),
    meta: { invalidates: AFTER_CLASS_CHANGE },
  });
}
