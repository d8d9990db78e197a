import { API_THROTTLE, isAuthPath, type ThrottleLimit } from '#functions/throttle.ts';

/**
 * The HTTP API stage's throttling, as API Gateway applies it: one token bucket per route key
 * (`POST /api/auth/sign-in`), sized by the stage's default route settings, or by the stricter
 * auth limit for routes under /api/auth/ (the route settings of infra/stacks/api-stage-stack.ts).
 * `take` answers false when the route's bucket is empty: the gateway then answers 429.
 */
export function stageThrottle(limits: { stage: ThrottleLimit; auth: ThrottleLimit } = API_THROTTLE, now: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(method: string, routePath: string): boolean {
      const limit = isAuthPath(routePath) ? limits.auth : limits.stage;
      const key = `${method} ${routePath}`;
      const t = now();
      const bucket = buckets.get(key) ?? { tokens: limit.burst, at: t };
      bucket.tokens = Math.min(limit.burst, bucket.tokens + ((t - bucket.at) / 1000) * limit.ratePerSecond);
      bucket.at = t;
      buckets.set(key, bucket);
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
  };
}

/** API Gateway's answer to a throttled request. */
export const TOO_MANY_REQUESTS = { status: 429, body: { message: 'Too Many Requests' } } as const;
