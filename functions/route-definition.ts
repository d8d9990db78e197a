import type * as z from 'zod';
import type { ResponseContract } from './lib/http.ts';

/**
 * How one `{parameter}` of a path is checked: a shared id schema (`shared/<area>/`, built with
 * `pathIdSchema` in shared/validation/path-id.ts), bounded in length and of the id's real shape.
 */
export type PathParamSchema = z.ZodType<unknown, string>;

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
  /**
   * One schema per `{parameter}` of the path, the one its handler parses with before anything
   * is read (functions/routes.test.ts fails for a parameter without a bounded schema).
   */
  readonly params?: Readonly<Record<string, PathParamSchema>>;
}
