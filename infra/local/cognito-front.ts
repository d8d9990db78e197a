import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { decodeJwt } from 'jose';
import { isSecretHash } from '#functions/lib/secret-hash.ts';

/**
 * What sits on cognito-local's public port and forwards everything to it, after refusing
 * what Cognito refuses and cognito-local lets through: a call on an app client that has a
 * secret without the right SECRET_HASH (or, for RevokeToken, the secret itself). Without
 * this, a local client id alone would sign up and sign in around the API's limits, which
 * the real pool no longer allows.
 */

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** Calls whose request names the user and carries the hash as a top-level `SecretHash`. */
const TOP_LEVEL_HASH = new Set(['SignUp', 'ConfirmSignUp', 'ForgotPassword', 'ConfirmForgotPassword', 'ResendConfirmationCode']);
const CHECKED = new Set([...TOP_LEVEL_HASH, 'InitiateAuth', 'AdminInitiateAuth', 'RespondToAuthChallenge', 'AdminRespondToAuthChallenge', 'RevokeToken']);

interface CognitoRequest {
  ClientId?: string;
  Username?: string;
  SecretHash?: string;
  ClientSecret?: string;
  AuthFlow?: string;
  AuthParameters?: Record<string, string>;
  ChallengeResponses?: Record<string, string>;
}

type Verdict = { ok: true } | { ok: false; message: string };

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The user a refresh token belongs to (cognito-local's refresh tokens are JWTs naming it; Cognito decrypts its own). */
function refreshTokenOwner(token: string | undefined): string | undefined {
  try {
    const owner = token ? decodeJwt(token)['cognito:username'] : undefined;
    return typeof owner === 'string' ? owner : undefined;
  } catch {
    return undefined;
  }
}

/** Cognito's rule for one call on a client with this secret. */
function check(operation: string, input: CognitoRequest, clientId: string, secret: string): Verdict {
  const refused: Verdict = { ok: false, message: `Unable to verify secret hash for client ${clientId}` };
  const hashOk = (given: string | undefined, username: string | undefined) => (username !== undefined && isSecretHash(given, username, clientId, secret) ? { ok: true as const } : refused);
  if (TOP_LEVEL_HASH.has(operation)) return hashOk(input.SecretHash, input.Username);
  if (operation === 'InitiateAuth' || operation === 'AdminInitiateAuth') {
    const params = input.AuthParameters ?? {};
    const username = /^REFRESH_TOKEN/.test(input.AuthFlow ?? '') ? refreshTokenOwner(params.REFRESH_TOKEN) : params.USERNAME;
    return hashOk(params.SECRET_HASH, username);
  }
  if (operation === 'RespondToAuthChallenge' || operation === 'AdminRespondToAuthChallenge') return hashOk(input.ChallengeResponses?.SECRET_HASH, input.ChallengeResponses?.USERNAME);
  if (operation === 'RevokeToken') return input.ClientSecret === secret ? { ok: true } : { ok: false, message: `Client secret is missing or invalid for client ${clientId}` };
  return { ok: true };
}

export function startCognitoFront(options: { port: number; host: string; upstreamPort: number }): Promise<Server> {
  const upstream = `http://${options.host}:${options.upstreamPort}`;
  /** Client id → its secret ('' for a client without one), learnt from cognito-local itself. */
  const secrets = new Map<string, string>();

  async function call<T>(operation: string, input: object): Promise<T> {
    const response = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': TARGET_PREFIX + operation },
      body: JSON.stringify(input),
    });
    if (!response.ok) throw new Error(`${operation} answered ${response.status}`);
    return (await response.json()) as T;
  }

  /** The client's secret, or '' when it has none or is unknown (then cognito-local answers as it would). */
  async function secretOf(clientId: string): Promise<string> {
    const known = secrets.get(clientId);
    if (known !== undefined) return known;
    const { UserPools = [] } = await call<{ UserPools?: { Id: string }[] }>('ListUserPools', { MaxResults: 60 });
    for (const pool of UserPools) {
      try {
        const { UserPoolClient } = await call<{ UserPoolClient?: { ClientSecret?: string } }>('DescribeUserPoolClient', { UserPoolId: pool.Id, ClientId: clientId });
        // A client's secret never changes, so it is kept once found.
        const secret = UserPoolClient?.ClientSecret ?? '';
        secrets.set(clientId, secret);
        return secret;
      } catch {
        // not this pool's client
      }
    }
    return '';
  }

  const server = createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      const target = String(req.headers['x-amz-target'] ?? '');
      if (req.method === 'POST' && target.startsWith(TARGET_PREFIX)) {
        const operation = target.slice(TARGET_PREFIX.length);
        const input = JSON.parse(body.toString('utf8') || '{}') as CognitoRequest;
        const secret = input.ClientId && CHECKED.has(operation) ? await secretOf(input.ClientId) : '';
        const verdict = secret && input.ClientId ? check(operation, input, input.ClientId, secret) : ({ ok: true } as const);
        if (!verdict.ok) {
          res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': 'NotAuthorizedException' });
          res.end(JSON.stringify({ __type: 'NotAuthorizedException', message: verdict.message }));
          return;
        }
      }
      // The body was read whole: it goes on with its length, not the caller's chunking.
      const { 'transfer-encoding': _chunked, ...headers } = req.headers;
      const forward = request(
        { host: options.host, port: options.upstreamPort, method: req.method, path: req.url, headers: { ...headers, 'content-length': String(body.length) } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: `cognito-local unreachable: ${error.message}` }));
      });
      forward.end(body);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: error instanceof Error ? error.message : String(error) }));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve(server));
  });
}
