import { assignmentCreatedSchema, classCreatedSchema, classDetailSchema, classIdSchema, classListResponseSchema, invitedSchema, joinedClassSchema, myClassesSchema } from '#shared/classes/classes.ts';
import { linkAnsweredSchema } from '#shared/parents/parents.ts';
import { userIdSchema } from '#shared/validation/user-id.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** Teachers' classes (docs/admin.md): the teacher's side and the student's. */
export const CLASS_ROUTES = [
  { method: 'GET', path: '/api/classes', name: 'ListClasses', entry: 'functions/classes/list-classes.ts', auth: 'jwt', response: classListResponseSchema },
  { method: 'POST', path: '/api/classes', name: 'CreateClass', entry: 'functions/classes/create-class.ts', auth: 'jwt', response: classCreatedSchema },
  { method: 'GET', path: '/api/classes/{classId}', name: 'GetClass', entry: 'functions/classes/get-class.ts', auth: 'jwt', response: classDetailSchema, params: { classId: classIdSchema } },
  { method: 'DELETE', path: '/api/classes/{classId}', name: 'DeleteClass', entry: 'functions/classes/delete-class.ts', auth: 'jwt', response: 'no-content', params: { classId: classIdSchema } },
  { method: 'POST', path: '/api/classes/{classId}/students', name: 'InviteClassStudent', entry: 'functions/classes/invite-student.ts', auth: 'jwt', response: invitedSchema, params: { classId: classIdSchema } },
  { method: 'DELETE', path: '/api/classes/{classId}/students/{studentId}', name: 'RemoveClassStudent', entry: 'functions/classes/remove-student.ts', auth: 'jwt', response: 'no-content', params: { classId: classIdSchema, studentId: userIdSchema } },
  { method: 'POST', path: '/api/classes/{classId}/assignments', name: 'CreateAssignment', entry: 'functions/classes/create-assignment.ts', auth: 'jwt', response: assignmentCreatedSchema, params: { classId: classIdSchema } },
  { method: 'POST', path: '/api/classes/join', name: 'JoinClass', entry: 'functions/classes/join-class.ts', auth: 'jwt', response: joinedClassSchema },
  { method: 'GET', path: '/api/me/classes', name: 'ListMyClasses', entry: 'functions/classes/my-classes.ts', auth: 'jwt', response: myClassesSchema },
  { method: 'POST', path: '/api/me/classes/{classId}/respond', name: 'RespondClassInvitation', entry: 'functions/classes/respond-invitation.ts', auth: 'jwt', response: linkAnsweredSchema, params: { classId: classIdSchema } },
  { method: 'DELETE', path: '/api/me/classes/{classId}', name: 'LeaveClass', entry: 'functions/classes/leave-class.ts', auth: 'jwt', response: 'no-content', params: { classId: classIdSchema } },
] as const satisfies readonly RouteDefinition[];
