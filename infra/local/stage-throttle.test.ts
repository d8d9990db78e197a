import { describe, expect, it } from 'vitest';
import { API_THROTTLE } from '#functions/throttle.ts';
import { stageThrottle } from './stage-throttle.ts';

/** A clock the test moves by hand. */
function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** How many of `n` requests at one instant the throttle lets through. */
const admitted = (take: () => boolean, n: number) => Array.from({ length: n }, take).filter(Boolean).length;

describe('the local HTTP API stage throttle', () => {
  it('lets an auth route take its burst at once, then refuses until the bucket refills at its rate', () => {
    const c = clock();
    const throttle = stageThrottle(API_THROTTLE, c.now);
    const signIn = () => throttle.take('POST', '/api/auth/sign-in');
    expect(admitted(signIn, API_THROTTLE.auth.burst + 5)).toBe(API_THROTTLE.auth.burst);
    c.advance(1000);
    expect(admitted(signIn, API_THROTTLE.auth.burst)).toBe(API_THROTTLE.auth.ratePerSecond);
  });

  it('gives other routes the stage limit, which is higher than the auth limit', () => {
    const c = clock();
    const throttle = stageThrottle(API_THROTTLE, c.now);
    expect(API_THROTTLE.stage.burst).toBeGreaterThan(API_THROTTLE.auth.burst);
    expect(admitted(() => throttle.take('GET', '/api/quiz/subjects'), API_THROTTLE.stage.burst + 1)).toBe(API_THROTTLE.stage.burst);
  });

  it('keeps one bucket per route key, so a flood of sign-ins does not throttle sign-ups or quizzes', () => {
    const c = clock();
    const throttle = stageThrottle({ stage: { ratePerSecond: 1, burst: 2 }, auth: { ratePerSecond: 1, burst: 1 } }, c.now);
    expect(throttle.take('POST', '/api/auth/sign-in')).toBe(true);
    expect(throttle.take('POST', '/api/auth/sign-in')).toBe(false);
    expect(throttle.take('POST', '/api/auth/sign-up')).toBe(true);
    expect(throttle.take('GET', '/api/quiz/subjects')).toBe(true);
    expect(throttle.take('GET', '/api/quiz/subjects')).toBe(true);
    expect(throttle.take('GET', '/api/quiz/subjects')).toBe(false);
  });
});

describe('the local API gateway', () => {
  it('answers a throttled request 429 {"message":"Too Many Requests"} as API Gateway does, before the authorizer', async () => {
    const { createApiGateway } = await import('./api-gateway.ts');
    const handle = createApiGateway({
      root: process.cwd(),
      jwt: { issuer: 'http://127.0.0.1:1/none', audience: 'none' },
      throttle: { take: () => false },
    });
    let status = 0;
    let body = '';
    const res = {
      writeHead: (s: number) => {
        status = s;
        return res;
      },
      end: (b?: string) => {
        body = b ?? '';
        return res;
      },
    };
    const req = { url: '/api/auth/sign-in', method: 'POST', headers: {}, socket: { remoteAddress: '127.0.0.1' } };
    await handle(req as never, res as never, Buffer.alloc(0));
    expect(status).toBe(429);
    expect(JSON.parse(body)).toEqual({ message: 'Too Many Requests' });
  });
});
