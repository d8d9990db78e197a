import { describe, expect, it } from 'vitest';
import { answerPing as handler, serverMidpoint } from './ping.ts';
import { REALTIME_MESSAGES, type WebSocketEvent } from './socket-event.ts';

/** The ping route's answers to what a client may send; the route reads and stores nothing (see ping.ts). */
const event = (body: string | undefined) => ({ body, isBase64Encoded: false, requestContext: { connectionId: 'c1', routeKey: 'ping' } }) as unknown as WebSocketEvent;
const answer = async (body: string | undefined) => {
  const result = (await handler(event(body))) as { statusCode: number; body: string };
  return { status: result.statusCode, body: JSON.parse(result.body) as Record<string, unknown> };
};

describe('the ping route', () => {
  it('echoes a sane client clock with the server’s', async () => {
    const t = Date.now() - 1234.5;
    const before = Date.now();
    const { status, body } = await answer(JSON.stringify({ action: 'ping', t }));
    expect(status).toBe(200);
    expect(body).toEqual({ type: 'pong', t, server_time: expect.any(Number) });
    expect(body.server_time).toBeGreaterThanOrEqual(before);
    expect(body.server_time).toBeLessThanOrEqual(Date.now());
  });

  it('answers a plain keep-alive with a plain pong', async () => {
    expect(await answer(JSON.stringify({ action: 'ping' }))).toEqual({ status: 200, body: { type: 'pong' } });
  });

  it('echoes nothing but `t`: other fields are dropped', async () => {
    const t = Date.now();
    const { body } = await answer(JSON.stringify({ action: 'ping', t, server_time: 0, type: 'chat.message', topic: 'group:x', data: { html: '<script>' } }));
    expect(Object.keys(body).sort()).toEqual(['server_time', 't', 'type']);
    expect(body).toMatchObject({ type: 'pong', t });
  });

  it.each([
    ['negative', '-5'],
    ['zero', '0'],
    ['huge', '1e308'],
    ['beyond JSON numbers (Infinity)', '1e999'],
    ['a small float', '0.5'],
    ['a string', '"1700000000000"'],
    ['NaN as a string', '"NaN"'],
    ['an object', '{"valueOf": 1700000000000}'],
    ['an array', '[1700000000000]'],
    ['null', 'null'],
    ['true', 'true'],
  ])('refuses t %s with a 400 naming the rule, echoing nothing', async (_kind, t) => {
    const { status, body } = await answer(`{"action":"ping","t":${t}}`);
    expect(status).toBe(400);
    expect(body).toEqual({ type: 'error', message: REALTIME_MESSAGES.badPing });
  });

  it('refuses a body that is no JSON', async () => {
    expect((await answer('{"action":"ping","t":')).status).toBe(400);
    expect((await answer(undefined)).status).toBe(400);
  });

  it('reads the server’s clock halfway through the frame’s time on the server (gateway arrival to answer)', async () => {
    const t = Date.now();
    const arrived = Date.now() - 40;
    const result = (await handler({ ...event(JSON.stringify({ action: 'ping', t })), requestContext: { connectionId: 'c1', routeKey: 'ping', requestTimeEpoch: arrived } } as unknown as WebSocketEvent)) as { body: string };
    const serverTime = (JSON.parse(result.body) as { server_time: number }).server_time;
    expect(serverTime).toBeGreaterThanOrEqual(arrived + 20);
    expect(serverTime).toBeLessThanOrEqual(Math.round((arrived + Date.now()) / 2));
    expect(serverMidpoint(1_000, 1_100)).toBe(1_050);
    // No arrival, one in the future or one from long ago: the answer's own reading.
    expect(serverMidpoint(undefined, 1_100)).toBe(1_100);
    expect(serverMidpoint(1_200, 1_100)).toBe(1_100);
    expect(serverMidpoint(1_100 - 60_000, 1_100)).toBe(1_100);
  });
});
