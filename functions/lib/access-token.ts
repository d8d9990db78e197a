import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/**
 * Verifies a Cognito JWT: signature against the pool's published keys (JWKS), issuer,
 * expiry, and that it was issued to our app client (`aud` on ID tokens, `client_id` on
 * access tokens). `tokenUse: 'access'` also demands an access token. Used by the WebSocket
 * authorizer in AWS and locally, and by the local HTTP API's stand-in for API Gateway's
 * JWT authorizer, so the two hosts check tokens alike.
 *
 * The issuer is `https://cognito-idp.<region>.amazonaws.com/<pool id>` in AWS
 * (cognito-local's `<endpoint>/<pool id>` locally); its keys are at `<issuer>/.well-known/jwks.json`.
 */
export interface TokenCheck {
  issuer: string;
  clientId: string;
  tokenUse?: 'access' | 'id';
}

export type TokenVerifier = (token: string) => Promise<JWTPayload | undefined>;

export function tokenVerifier(check: TokenCheck): TokenVerifier {
  const jwks = createRemoteJWKSet(new URL(`${check.issuer}/.well-known/jwks.json`));
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: check.issuer });
      if (check.tokenUse && payload.token_use !== check.tokenUse) return undefined;
      const audiences = [payload.aud, payload.client_id].flat().filter(Boolean);
      return audiences.includes(check.clientId) ? payload : undefined;
    } catch {
      return undefined;
    }
  };
}

/** `https://cognito-idp.<region>.amazonaws.com/<pool id>`: the issuer of the pool's tokens in AWS. */
export function cognitoIssuer(region: string, userPoolId: string): string {
  return `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
}
