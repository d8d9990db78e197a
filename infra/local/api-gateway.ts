import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JWTPayload } from 'jose';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { tokenVerifier } from '#functions/lib/access-token.ts';
import { checksContracts, contractProblem } from '#functions/lib/http.ts';
import { ROUTES } from '#functions/routes.ts';
import { invoke } from './lambda-host.ts';
import { compileRoutes, matchRoute } from './route-matcher.ts';
import { stageThrottle, TOO_MANY_REQUESTS } from './stage-throttle.ts';

/**
 * A local API Gateway HTTP API: the same route table as the CDK API stacks (every area's), a JWT
 * authorizer checking Cognito's (here cognito-local's) signing keys, issuer and audience,
 * and payload format 2.0 events as Lambda receives them in AWS.
 */
export interface JwtConfig {
  issuer: string;
  audience: string;
}

const compiled = compileRoutes(ROUTES);

const MAX_BODY_BYTES = 1024 * 1024;

export function createApiGateway(options: { jwt: JwtConfig; root: string; throttle?: ReturnType<typeof stageThrottle> }) {
  // The stage's throttling, as in AWS (functions/throttle.ts): checked before the authorizer.
  const throttle = options.throttle ?? stageThrottle();
  // Access tokens only, as the CDK routes demand by scope (an ID token has no `scope`).
  const verify = tokenVerifier({ issuer: options.jwt.issuer, clientId: options.jwt.audience, tokenUse: 'access' });

  async function authorize(header: string | undefined): Promise<JWTPayload | undefined> {
    const token = header?.match(/^Bearer\s+(.+)$/i)?.[1];
    return token ? verify(token) : undefined;
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const url = new URL(req.url ?? '/', 'http://local');
    const method = req.method ?? 'GET';
    const match = matchRoute(compiled, method, url.pathname);
    if (!match) return reply(404, { message: 'Not Found' });
    if (!throttle.take(method, match.route.path)) return reply(TOO_MANY_REQUESTS.status, TOO_MANY_REQUESTS.body);
    if (body.length > MAX_BODY_BYTES) return reply(413, { message: 'Request Entity Too Large' });

    let claims: JWTPayload | undefined;
    if (match.route.auth === 'jwt') {
      claims = await authorize(req.headers.authorization);
      if (!claims) return reply(401, { message: 'Unauthorized' });
    }

    const params = Object.entries(match.rawParams).map(([name, raw]) => [name, decodedSegment(raw)] as const);
    if (params.some(([, value]) => value === undefined)) return reply(400, { message: 'Bad Request' });
    // Payload 2.0 moves the Cookie header into `cookies`, one "name=value" entry each.
    const { cookie, ...incoming } = req.headers;
    const headers = Object.fromEntries(
      Object.entries(incoming).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : (value ?? '')]),
    );
    const cookies = cookie ? cookie.split(';').map((pair) => pair.trim()).filter(Boolean) : undefined;
    const query = url.searchParams.size ? Object.fromEntries(url.searchParams) : undefined;
    const now = new Date();
    const event = {
      version: '2.0',
      routeKey: `${method} ${match.route.path}`,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      headers,
      cookies,
      queryStringParameters: query,
      pathParameters: params.length ? Object.fromEntries(params) : undefined,
      body: body.length ? body.toString('utf8') : undefined,
      isBase64Encoded: false,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'local',
        http: { method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp: req.socket.remoteAddress ?? '127.0.0.1', userAgent: headers['user-agent'] ?? '' },
        requestId: randomUUID(),
        routeKey: `${method} ${match.route.path}`,
        stage: '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
        authorizer: claims ? { jwt: { claims: stringClaims(claims), scopes: null } } : undefined,
      },
    };

    try {
      const result = (await invoke(match.route.entry, match.route.name, event, options.root)) as APIGatewayProxyStructuredResultV2;
      // Under tests every success answer must keep the contract its route declares, whatever helper built it.
      const problem = checksContracts() && match.route.response ? contractProblem(match.route.response, result.statusCode ?? 200, result.body) : undefined;
      if (problem) throw new Error(`${match.route.method} ${match.route.path} breaks its response contract: ${problem}`);
      // The structured result's `cookies` become one Set-Cookie header each, as in AWS.
      const setCookies = result.cookies?.length ? { 'set-cookie': result.cookies } : {};
      res.writeHead(result.statusCode ?? 200, { ...(result.headers as Record<string, string> | undefined), ...setCookies });
      res.end(result.body ?? '');
    } catch (error) {
      // What API Gateway answers when the function itself throws.
      console.error(`[api] ${match.route.name} threw:`, error);
      reply(500, { message: 'Internal Server Error' });
    }
  };
}

/** A path parameter as Lambda gets it; undefined for malformed percent-encoding, which API Gateway refuses. */
function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** API Gateway hands claims to Lambda as strings (arrays as "[a b]"). */
function stringClaims(payload: JWTPayload): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [key, Array.isArray(value) ? `[${value.join(' ')}]` : String(value)]),
  );
}
