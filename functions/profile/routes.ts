import type { RouteDefinition } from '../routes.ts';

/** The signed-in person's own account. */
export const PROFILE_ROUTES = [
  { method: 'GET', path: '/api/me', name: 'GetMe', entry: 'functions/profile/get-me.ts', auth: 'jwt' },
] as const satisfies readonly RouteDefinition[];
