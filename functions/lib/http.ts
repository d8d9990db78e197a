import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod';
import { fieldErrors } from '#shared/validation/field-errors.ts';
import { AUTH_MESSAGES } from '#shared/validation/messages.ts';
import { AppError, BadRequest } from './errors.ts';
import { instrumented } from './instrument.ts';
import { currentCorrelationId, type InvocationContext } from './invocation.ts';
import { log } from './log.ts';

export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims: Record<string, string | number | boolean | string[]> } };
  };
};
export type HttpResult = APIGatewayProxyStructuredResultV2;

const HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' };

export function json(statusCode: number, body: unknown): HttpResult {
  return { statusCode, headers: HEADERS, body: JSON.stringify(body) };
}

export function noContent(): HttpResult {
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
}

/**
 * What a route answers on success, named by its entry in the route table: a JSON body that
 * one schema in `shared/` describes (the web client parses it with the same schema), or no
 * body at all (204). No route answers anything else today.
 */
export type ResponseContract = z.ZodType | 'no-content';

/**
 * A success body checked against its contract: the type at compile time and, under vitest
 * (the handler and e2e stacks run in its process), the serialized body itself, so a drifted
 * body fails the tests instead of a page (`invalid_response`). In AWS it only serializes.
 */
export function respond<S extends z.ZodType>(schema: S, body: z.input<S>, statusCode = 200): HttpResult {
  const result = json(statusCode, body);
  if (checksContracts()) {
    const problem = contractProblem(schema, result.statusCode ?? 200, result.body);
    if (problem) throw new ResponseContractBroken(problem);
  }
  return result;
}

/** Thrown under tests only; httpHandler lets it through so the host names it loudly instead of a quiet 500. */
export class ResponseContractBroken extends Error {
  override name = 'ResponseContractBroken';
}

export function checksContracts(): boolean {
  return Boolean(process.env.VITEST);
}

/** Why a success answer does not keep its contract, or undefined when it does (or is no success). */
export function contractProblem(contract: ResponseContract, statusCode: number, body: string | undefined): string | undefined {
  if (statusCode < 200 || statusCode >= 300) return undefined;
  if (contract === 'no-content') return statusCode === 204 && !body ? undefined : `declares no content but answered ${statusCode} with a body`;
  if (statusCode === 204) return 'declares a JSON body but answered 204';
  let parsed: unknown;
  try {
    parsed = JSON.parse(body ?? '');
  } catch {
    return 'declares a JSON body but answered something else';
  }
  const result = contract.safeParse(parsed);
  if (result.success) return undefined;
  const named = result.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
  const more = result.error.issues.length - named.length;
  return named.join('; ') + (more > 0 ? ` (and ${more} more)` : '');
}

/** Maps any thrown value to a response; a raw error never reaches the body. */
export function toResponse(error: unknown): HttpResult {
  if (error instanceof AppError) {
    return json(error.status, { error: { code: error.code, message: error.message, fields: error.fields, details: error.details } });
  }
  log.error('unhandled error', { error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : error });
  return json(500, { error: { code: 'internal', message: AUTH_MESSAGES.unexpected } });
}

/** The header a caller (the web app, a script, another service) may send to name its own correlation id. */
export const CORRELATION_HEADER = 'x-correlation-id';

/**
 * Wraps a use case so every handler answers with the same shapes, and runs it as one
 * invocation (instrument.ts): its logs carry the request and the caller (the token's `sub`,
 * verified by the API's authorizer), its correlation id is a sane `x-correlation-id` header
 * or else API Gateway's request id, and the events it publishes carry that id on; the response
 * names it in the same header.
 */
export function httpHandler(run: (event: HttpEvent) => Promise<HttpResult>) {
  return (event: HttpEvent, context?: InvocationContext): Promise<HttpResult> =>
    instrumented(
      {
        context,
        correlationIds: [event.headers?.[CORRELATION_HEADER]],
        fallbackCorrelationId: event.requestContext?.requestId,
        userId: callerSub(event),
      },
      async () => {
        let result: HttpResult;
        try {
          result = await run(event);
        } catch (error) {
          if (error instanceof ResponseContractBroken) throw error;
          result = toResponse(error);
        }
        // Handed back, so a person reporting a failure (or the browser's console) can name the request.
        return { ...result, headers: { ...result.headers, [CORRELATION_HEADER]: currentCorrelationId() ?? '' } };
      },
    );
}

function callerSub(event: HttpEvent): string | undefined {
  const sub = event.requestContext?.authorizer?.jwt?.claims.sub;
  return typeof sub === 'string' && sub ? sub : undefined;
}

/** Parses the JSON body with a shared schema; bad input becomes a 400 naming each field. */
export function parseBody<S extends z.ZodType>(event: HttpEvent, schema: S): z.output<S> {
  let raw: unknown;
  try {
    const text = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
    raw = text ? JSON.parse(text) : {};
  } catch {
    throw new BadRequest('Request body must be JSON', { form: 'Request body must be JSON' });
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const fields = fieldErrors(result.error) as Record<string, string>;
    const onlyMissing = Object.keys(fields).length > 0 && result.error.issues.every((issue) => issue.code === 'invalid_type');
    throw new BadRequest(onlyMissing ? AUTH_MESSAGES.fillAllFields : firstMessage(fields), fields);
  }
  return result.data;
}

function firstMessage(fields: Record<string, string>): string {
  const messages = Object.values(fields);
  return messages.length === 1 ? messages[0]! : AUTH_MESSAGES.checkForm;
}

/** The viewer's address lives with the edge's headers; handlers take it from here with the rest. */
export { clientIp } from './viewer-address.ts';
