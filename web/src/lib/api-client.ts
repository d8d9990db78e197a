import type { z } from 'zod';
import { apiErrorSchema } from '#shared/api.ts';
import { AUTH_MESSAGES } from '#shared/validation/messages.ts';
import { connectivity } from './connectivity.ts';

/** Every call gives up after this long (10 s for fetches, docs/quiz.md). */
export const REQUEST_TIMEOUT_MS = 10_000;

export const CLIENT_MESSAGES = {
  timeout: 'Request timed out. Please check your connection and try again.',
  offline: 'Could not reach the server. Please check your connection and try again.',
  signInRequired: 'Please sign in to continue',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
} as const;

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
  details?: Record<string, unknown>;
}

/**
 * A failed call. `status` is 0 when no answer arrived (offline, timeout); `message` is
 * always fit to show people; `fields` holds per-field messages from a 400.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  /** The server's data about a refusal (its shape depends on `code`); parse before use. */
  readonly details: Record<string, unknown>;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.details = init.details ?? {};
  }

  /** No answer, or the server failed: trying again later may work. */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The session, as the client sees it: where bearer tokens come from and how they are renewed. */
export interface AuthBridge {
  /** The current access token, renewed first if it is about to expire; null when signed out. */
  accessToken(): Promise<string | null>;
  /** Called once after a 401; resolves true when fresh tokens are ready for a retry. */
  refreshAfterUnauthorized(): Promise<boolean>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: HttpMethod;
  body?: unknown;
  /** Parses a 2xx body; omit for endpoints that answer 204. */
  schema?: z.ZodType<T>;
  /** Sends the bearer token, and on a 401 refreshes once and retries. */
  auth?: boolean;
  signal?: AbortSignal;
  /** This call's time limit, when longer than the client's (an AI explanation takes 10-15 s). */
  timeoutMs?: number;
}

export interface ApiClient {
  request<T = undefined>(path: string, options?: RequestOptions<T>): Promise<T>;
  setAuth(bridge: AuthBridge | null): void;
}

export interface ApiClientConfig {
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Told whether each request got an answer (true) or none at all (false). */
  onReachability?: (reachable: boolean) => void;
}

interface RawResponse {
  status: number;
  body: unknown;
}

/** Gateway bodies (`{"message":"Unauthorized"}`) and anything else without our error shape. */
function errorWithoutCode(status: number): ApiError {
  if (status === 401) return new ApiError({ status, code: 'unauthorized', message: CLIENT_MESSAGES.signInRequired });
  if (status === 404) return new ApiError({ status, code: 'not_found', message: AUTH_MESSAGES.unexpected });
  if (status === 429) return new ApiError({ status, code: 'too_many_requests', message: CLIENT_MESSAGES.tooManyRequests });
  return new ApiError({ status, code: `http_${status}`, message: AUTH_MESSAGES.unexpected });
}

export function toApiError({ status, body }: RawResponse): ApiError {
  const parsed = apiErrorSchema.safeParse(body);
  if (!parsed.success) return errorWithoutCode(status);
  const { code, message, fields, details } = parsed.data.error;
  return new ApiError({ status, code, message, fields, details });
}

function parseBody(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** JSON over fetch against our own API: typed errors, a timeout, bearer tokens and one refresh-and-retry. */
export function createApiClient(config: ApiClientConfig = {}): ApiClient {
  const baseUrl = config.baseUrl ?? '';
  const timeoutMs = config.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let auth: AuthBridge | null = null;

  async function send(path: string, options: RequestOptions<unknown>, token: string | null): Promise<RawResponse> {
    const fetchImpl = config.fetch ?? globalThis.fetch.bind(globalThis);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs ?? timeoutMs);
    const forwardAbort = () => controller.abort();
    options.signal?.addEventListener('abort', forwardAbort, { once: true });

    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;

    try {
      const response = await fetchImpl(`${baseUrl}${path}`, {
        method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: controller.signal,
        credentials: 'same-origin',
      });
      config.onReachability?.(true);
      return { status: response.status, body: parseBody(await response.text()) };
    } catch (error) {
      if (timedOut) throw new ApiError({ status: 0, code: 'timeout', message: CLIENT_MESSAGES.timeout });
      // The caller cancelled: let its own AbortError through untouched.
      if (options.signal?.aborted) throw error;
      config.onReachability?.(false);
      throw new ApiError({ status: 0, code: 'network_error', message: CLIENT_MESSAGES.offline });
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', forwardAbort);
    }
  }

  async function bearer(): Promise<string> {
    const token = auth ? await auth.accessToken() : null;
    if (!token) throw new ApiError({ status: 401, code: 'unauthorized', message: CLIENT_MESSAGES.signInRequired });
    return token;
  }

  return {
    setAuth(bridge) {
      auth = bridge;
    },

    async request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
      let response = await send(path, options, options.auth ? await bearer() : null);
      if (response.status === 401 && options.auth && auth && (await auth.refreshAfterUnauthorized())) {
        response = await send(path, options, await bearer());
      }
      if (response.status < 200 || response.status >= 300) throw toApiError(response);
      if (!options.schema) return undefined as T;

      const parsed = options.schema.safeParse(response.body);
      if (!parsed.success) {
        throw new ApiError({ status: response.status, code: 'invalid_response', message: AUTH_MESSAGES.unexpected });
      }
      return parsed.data;
    },
  };
}

/** The app's one client: same origin, paths start with /api; what it sees feeds the online status. */
export const api = createApiClient({ onReachability: (reachable) => (reachable ? connectivity.reportReachable() : connectivity.reportUnreachable()) });
