import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { callerRecords } from '../auth/data/caller-records.ts';
import { issuedBeforeCutoff } from '../auth/data/sessions.ts';
import { cognitoIssuer, tokenVerifier, type TokenVerifier } from '../lib/access-token.ts';
import { env } from '../lib/env.ts';
import { instrumented } from '../lib/instrument.ts';
import type { InvocationContext } from '../lib/invocation.ts';
import { log } from '../lib/log.ts';

/**
 * The WebSocket API's `$connect` authorizer (a Lambda REQUEST authorizer). Browsers cannot
 * set headers on a WebSocket, so the Cognito ACCESS token comes as `?token=`. It must be
 * signed by the pool's key, from our issuer and app client, an access token, unexpired,
 * and issued after the account's sessions were last revoked (as requireCaller checks on
 * the HTTP API). Refusal throws "Unauthorized" (API Gateway answers 401); an account
 * without a profile gets a Deny policy (403). The user id goes to the routes as context.
 */
let verifier: { issuer: string; verify: TokenVerifier } | undefined;

function verify(token: string) {
  const { TOKEN_ISSUER, USER_POOL_ID, USER_POOL_CLIENT_ID } = env();
  const issuer = TOKEN_ISSUER ?? cognitoIssuer(process.env.AWS_REGION ?? 'us-east-1', USER_POOL_ID);
  if (verifier?.issuer !== issuer) verifier = { issuer, verify: tokenVerifier({ issuer, clientId: USER_POOL_CLIENT_ID, tokenUse: 'access' }) };
  return verifier.verify(token);
}

function policy(principalId: string, effect: 'Allow' | 'Deny', resource: string, userId?: string): APIGatewayAuthorizerResult {
  return {
    principalId,
    policyDocument: { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: effect, Resource: resource }] },
    ...(userId ? { context: { userId } } : {}),
  };
}

/** Runs as one invocation (instrument.ts): its lines carry API Gateway's id of the connection request. */
export const handler = (event: APIGatewayRequestAuthorizerEvent, context?: InvocationContext): Promise<APIGatewayAuthorizerResult> =>
  instrumented({ context, fallbackCorrelationId: event.requestContext?.requestId }, () => authorize(event));

async function authorize(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const token = event.queryStringParameters?.token;
  if (!token || token.length > 8192) throw new Error('Unauthorized');
  const claims = await verify(token);
  const sub = claims?.sub;
  if (!claims || typeof sub !== 'string' || !sub) throw new Error('Unauthorized');

  const { profile, validAfterMs } = await callerRecords(sub);
  if (validAfterMs !== undefined && (typeof claims.iat !== 'number' || issuedBeforeCutoff(claims.iat, validAfterMs))) {
    log.info('ws authorizer: token issued before the sessions cutoff', { userId: sub });
    throw new Error('Unauthorized');
  }
  if (!profile) return policy(sub, 'Deny', event.methodArn);
  return policy(sub, 'Allow', event.methodArn, sub);
}
