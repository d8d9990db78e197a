import { auditLogResponseSchema } from '#shared/admin/audit.ts';
import { adminOverviewResponseSchema } from '#shared/admin/stats.ts';
import { seenTrackingResetResponseSchema } from '#shared/admin/users.ts';
import { messageResponseSchema, profileListResponseSchema, profileMessageResponseSchema } from '#shared/api.ts';
import { userIdSchema } from '#shared/validation/user-id.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** Admin tools; every handler checks the caller's stored role (the token only says who). */
export const ADMIN_ROUTES = [
  { method: 'GET', path: '/api/admin/users', name: 'ListUsers', entry: 'functions/admin/list-users.ts', auth: 'jwt', response: profileListResponseSchema },
  { method: 'POST', path: '/api/admin/users', name: 'AddUser', entry: 'functions/admin/add-user.ts', auth: 'jwt', response: profileMessageResponseSchema },
  { method: 'PATCH', path: '/api/admin/users/{userId}', name: 'EditUser', entry: 'functions/admin/edit-user.ts', auth: 'jwt', response: profileMessageResponseSchema, params: { userId: userIdSchema } },
  { method: 'DELETE', path: '/api/admin/users/{userId}', name: 'DeleteUser', entry: 'functions/admin/delete-user.ts', auth: 'jwt', response: messageResponseSchema, params: { userId: userIdSchema } },
  { method: 'GET', path: '/api/admin/overview', name: 'GetAdminOverview', entry: 'functions/admin/get-overview.ts', auth: 'jwt', response: adminOverviewResponseSchema },
  { method: 'POST', path: '/api/admin/seen-tracking/reset', name: 'ResetSeenTracking', entry: 'functions/admin/reset-seen-tracking.ts', auth: 'jwt', response: seenTrackingResetResponseSchema },
  { method: 'GET', path: '/api/admin/audit-log', name: 'ListAuditLog', entry: 'functions/admin/list-audit-log.ts', auth: 'jwt', response: auditLogResponseSchema },
] as const satisfies readonly RouteDefinition[];
