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
