/**
 * The edge's request limits, read by both hosts: the CDK stages (infra/stacks/api-stage-stack.ts,
 * realtime-stack.ts) and the local gateways (infra/local/api-gateway.ts, websocket-gateway.ts).
 * API Gateway throttles with token buckets: `ratePerSecond` refills, `burst` is the bucket's size;
 * a request that finds the bucket empty is answered 429 before any Lambda runs.
 */

/** A token bucket as API Gateway configures one (ThrottlingRateLimit, ThrottlingBurstLimit). */
export interface ThrottleLimit {
  readonly ratePerSecond: number;
  readonly burst: number;
}

/**
 * The HTTP API's `$default` stage: `stage` for every route, `auth` for each route under
 * `/api/auth/` (sign-up, sign-in, password reset: what a credential-stuffing or sign-up flood
 * calls). Both are ceilings for the whole stage, not per caller: per address and per e-mail the
 * handlers limit, and per address the CloudFront WAF's rate rule does (infra/constructs/edge-firewall.ts).
 * The auth rate keeps a sign-in flood under Cognito's own quotas (50 sign-ups, 120 sign-ins a second
 * per account) while a class of 100 signing in at once passes; the burst also lets the handler tests'
 * sequential loops (51 sign-ins from one address, to meet the handlers' per-address limit) and the
 * e2e suite on two cores through the local gateway untouched.
 */
export const API_THROTTLE = {
  stage: { ratePerSecond: 500, burst: 1000 },
  auth: { ratePerSecond: 25, burst: 100 },
} as const satisfies Record<string, ThrottleLimit>;

/** The routes that get `API_THROTTLE.auth`. */
export const AUTH_PATH_PREFIX = '/api/auth/';
export const isAuthPath = (path: string): boolean => path.startsWith(AUTH_PATH_PREFIX);

/**
 * Our own limits, so one account or one socket cannot slow everyone: an account
 * holds at most `connectionsPerAccount` sockets (checked in `$connect`, both hosts); a socket
 * sends at most `framesPerSecond` frames with bursts of `frameBurst` (local gateway: a frame
 * over it is dropped with a "Too Many Requests" notice, and `dropsBeforeClose` dropped in a
 * row close it with 1008). API Gateway has no per-connection limit, so the route functions
 * apply the same numbers themselves, counted per `frameWindowMs` window
 * (functions/realtime/frame-limit.ts); and the stage throttles each route to
 * `stageRatePerSecond` requests a second with bursts of `stageBurst`.
 * The browser keeps one socket per tab, pings every 5 min and subscribes a few topics on open.
 */
export const WEBSOCKET_THROTTLE = {
  connectionsPerAccount: 10,
  framesPerSecond: 10,
  frameBurst: 20,
  dropsBeforeClose: 100,
  frameWindowMs: 10_000,
  stageRatePerSecond: 500,
  stageBurst: 1000,
} as const;
