import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { env } from './env.ts';

/**
 * Where a request came from, taken only from what the edge guarantees. CloudFront (and the
 * local stand-in) overwrites `x-viewer-address` with the viewer's address and adds
 * `x-origin-verify` with a secret only it knows, so a caller that goes around the edge to
 * the API's own URL cannot forge an address. Without the secret, the address is the one
 * API Gateway saw on the connection. A client's X-Forwarded-For is never trusted.
 */
export const EDGE_HEADERS = { viewerAddress: 'x-viewer-address', originVerify: 'x-origin-verify' } as const;

function sameSecret(sent: string | undefined, secret: string): boolean {
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Only the request's headers and connection: http.ts re-exports this, so it does not import http.ts back. */
type ViewerRequest = Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>;

export function clientIp(event: ViewerRequest, edgeSecret = env().EDGE_SECRET): string {
  const viaEdge = edgeSecret ? sameSecret(event.headers[EDGE_HEADERS.originVerify], edgeSecret) : false;
  const viewer = viaEdge ? event.headers[EDGE_HEADERS.viewerAddress]?.trim() : undefined;
  return viewer || event.requestContext.http.sourceIp;
}
