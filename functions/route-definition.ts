import type { ResponseContract } from './lib/http.ts';

/**
 * One HTTP route: the shape every area's table (`functions/<area>/routes.ts`) satisfies.
 * It lives apart from functions/routes.ts, which imports those tables, so that the
 * tables do not import it back. `auth: 'jwt'` routes sit behind the Cognito JWT authorizer.
 */
export interface RouteDefinition {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: `/api/${string}`;
  /** Short, unique across all areas, used for the Lambda's construct id and name. */
  readonly name: string;
  /** Under `functions/<area>/` (functions/routes.test.ts checks it). */
  readonly entry: `functions/${string}.ts`;
  readonly auth: 'public' | 'jwt';
  /**
   * The success answer's contract: the shared schema its body keeps (the handler returns it
   * through `respond`, the web client parses with it), or 'no-content' for a 204.
   */
  readonly response: ResponseContract;
}
