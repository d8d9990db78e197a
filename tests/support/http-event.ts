import type { HttpEvent } from '../../functions/lib/http.ts';

/** An API Gateway HTTP API (payload 2.0) event, as the local gateway and AWS build it. */
export function httpEvent(
  input: { body?: unknown; rawBody?: string; sub?: string; ip?: string; query?: Record<string, string>; path?: Record<string, string> } = {},
): HttpEvent {
  const body = input.rawBody ?? (input.body === undefined ? undefined : JSON.stringify(input.body));
  return {
    version: '2.0',
    routeKey: 'TEST',
    rawPath: '/api/test',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    queryStringParameters: input.query,
    pathParameters: input.path,
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: 'POST', path: '/api/test', protocol: 'HTTP/1.1', sourceIp: input.ip ?? `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`, userAgent: 'vitest' },
      requestId: 'test',
      routeKey: 'TEST',
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
      authorizer: input.sub ? { jwt: { claims: { sub: input.sub } } } : undefined,
    },
  };
}

export function parse(result: { statusCode?: number; body?: string }): { status: number; body: any } {
  return { status: result.statusCode ?? 0, body: result.body ? JSON.parse(result.body) : undefined };
}
