import type { RouteDefinition } from '../routes.ts';

/** Admin tools; every handler checks the caller's stored role (the token only says who). */
export const ADMIN_ROUTES = [
  { method: 'GET', path: '/api/admin/users', name: 'ListUsers', entry: 'functions/admin/list-users.ts', auth: 'jwt' },
] as const satisfies readonly RouteDefinition[];
