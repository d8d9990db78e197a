import { addStudentResponseSchema, linkAnsweredSchema, linkedStudentsResponseSchema, parentLinksResponseSchema, weeklyEmailResponseSchema } from '#shared/parents/parents.ts';
import { userIdSchema } from '#shared/validation/user-id.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** Parents following students (docs/admin.md): the parent's side and the student's. */
export const PARENT_ROUTES = [
  { method: 'GET', path: '/api/parent/students', name: 'ListLinkedStudents', entry: 'functions/parents/list-students.ts', auth: 'jwt', response: linkedStudentsResponseSchema },
  { method: 'POST', path: '/api/parent/students', name: 'AddLinkedStudent', entry: 'functions/parents/add-student.ts', auth: 'jwt', response: addStudentResponseSchema },
  { method: 'DELETE', path: '/api/parent/students/{studentId}', name: 'RemoveLinkedStudent', entry: 'functions/parents/remove-student.ts', auth: 'jwt', response: 'no-content', params: { studentId: userIdSchema } },
  { method: 'PUT', path: '/api/parent/students/{studentId}/weekly-email', name: 'SetWeeklySummaryEmail', entry: 'functions/parents/set-weekly-email.ts', auth: 'jwt', response: weeklyEmailResponseSchema, params: { studentId: userIdSchema } },
  { method: 'GET', path: '/api/me/parents', name: 'ListMyParents', entry: 'functions/parents/list-parents.ts', auth: 'jwt', response: parentLinksResponseSchema },
  { method: 'POST', path: '/api/me/parents/{parentId}/respond', name: 'RespondParentLink', entry: 'functions/parents/respond-link.ts', auth: 'jwt', response: linkAnsweredSchema, params: { parentId: userIdSchema } },
  { method: 'DELETE', path: '/api/me/parents/{parentId}', name: 'RemoveMyParent', entry: 'functions/parents/remove-parent.ts', auth: 'jwt', response: 'no-content', params: { parentId: userIdSchema } },
] as const satisfies readonly RouteDefinition[];
