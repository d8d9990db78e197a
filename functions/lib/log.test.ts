import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeSchema, EVENTS, withEventMeta } from '#events/catalogue.ts';
import { eventCorrelationId, messageCorrelationId } from '#events/meta.ts';
import { httpHandler, json, type HttpEvent } from './http.ts';
import { eventHandler, jobHandler } from './instrument.ts';
import { currentCorrelationId, isSaneCorrelationId, pickCorrelationId, traceHeader, withCorrelationId } from './invocation.ts';
import { log } from './log.ts';
import { countMetric, METRIC } from './metrics.ts';

/** Every JSON line the Powertools logger and metrics print (they write to stdout and stderr themselves). */
function captureLines(): { lines: () => Record<string, unknown>[] } {
  const written: string[] = [];
  const keep = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(keep);
  vi.spyOn(process.stderr, 'write').mockImplementation(keep);
  return {
    lines: () =>
      written
        .join('')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

function httpEvent(input: { headers?: Record<string, string>; requestId?: string; sub?: string } = {}): HttpEvent {
  return {
    version: '2.0',
    routeKey: 'POST /api/test',
    rawPath: '/api/test',
    rawQueryString: '',
    headers: input.headers ?? {},
    isBase64Encoded: false,
    requestContext: {
      accountId: '0',
      apiId: 'api',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: 'POST', path: '/api/test', protocol: 'HTTP/1.1', sourceIp: '10.0.0.1', userAgent: 'vitest' },
      requestId: input.requestId ?? 'Jx3kPhJ5oAMEV0g=',
      routeKey: 'POST /api/test',
      stage: '$default',
      time: '',
      timeEpoch: 0,
      ...(input.sub ? { authorizer: { jwt: { claims: { sub: input.sub } } } } : {}),
    },
  };
}

let functionNumber = 0;
/** A Lambda context of a function of its own, so each test sees its own cold start. */
const lambdaContext = () => ({ awsRequestId: `req-${++functionNumber}`, functionName: `fn-${functionNumber}` });

beforeEach(() => {
  vi.stubEnv('LOG_LEVEL', 'info');
  vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', '');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('correlation ids', () => {
  it.each([
    ['a UUID', '3f2c9a4e-8d1b-4c6e-9a7f-2b5d8e1c0f34', true],
    ["API Gateway's request id", 'Jx3kPhJ5oAMEV0g=', true],
    ['an X-Ray style id', 'Root=1-5759e988-bd862e3fe1be46a994272793', true],
    ['empty', '', false],
    ['a line break (log injection)', 'abc\n{"level":"ERROR"}', false],
    ['spaces', 'my id', false],
    ['over 128 characters', 'a'.repeat(129), false],
    ['a quote', 'abc"def', false],
    ['not a string', 42, false],
  ])('%s is %s', (_name, value, sane) => {
    expect(isSaneCorrelationId(value)).toBe(sane);
  });

  it('takes the first sane candidate, else the fallback', () => {
    expect(pickCorrelationId([undefined, 'bad id', 'good-id'], 'fallback')).toBe('good-id');
    expect(pickCorrelationId(['bad\nid'], 'fallback')).toBe('fallback');
  });
});

describe('httpHandler sets the context once for every line of the request', () => {
  it('takes a sane x-correlation-id header, the caller and the Lambda context', async () => {
    const { lines } = captureLines();
    const handler = httpHandler(async () => {
      log.info('inside', { extra: 1 });
      return json(200, { correlation: currentCorrelationId() });
    });
    const context = lambdaContext();
    const result = await handler(httpEvent({ headers: { 'x-correlation-id': 'challenge-42' }, sub: 'user-1' }), context);
    expect(JSON.parse(result.body!)).toEqual({ correlation: 'challenge-42' });
    expect(result.headers).toMatchObject({ 'x-correlation-id': 'challenge-42', 'content-type': 'application/json' });
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 'INFO',
        message: 'inside',
        service: 'quizquest',
        extra: 1,
        correlation_id: 'challenge-42',
        user_id: 'user-1',
        function_name: context.functionName,
        function_request_id: context.awsRequestId,
        cold_start: true,
      }),
    ]);
  });

  it("falls back to API Gateway's request id when the header is missing or not sane", async () => {
    const handler = httpHandler(async () => json(200, { correlation: currentCorrelationId() }));
    const context = lambdaContext();
    for (const headers of [{} as Record<string, string>, { 'x-correlation-id': 'two words' }, { 'x-correlation-id': 'x'.repeat(200) }]) {
      const result = await handler(httpEvent({ headers, requestId: 'Abc123requestId=' }), context);
      expect(JSON.parse(result.body!)).toEqual({ correlation: 'Abc123requestId=' });
    }
  });

  it('marks only the first invocation of a function as a cold start, and logs unhandled errors with the context', async () => {
    const { lines } = captureLines();
    const handler = httpHandler(async () => {
      throw new Error('boom');
    });
    const context = lambdaContext();
    expect((await handler(httpEvent({ requestId: 'first' }), context)).statusCode).toBe(500);
    expect((await handler(httpEvent({ requestId: 'second' }), context)).statusCode).toBe(500);
    expect(lines().map((l) => [l.level, l.message, l.correlation_id, l.cold_start])).toEqual([
      ['ERROR', 'unhandled error', 'first', true],
      ['ERROR', 'unhandled error', 'second', false],
    ]);
  });

  it('keeps concurrent invocations apart (the local runtime runs many in one process)', async () => {
    const handler = httpHandler(async (event) => {
      await new Promise((r) => setTimeout(r, event.headers['x-delay'] === 'long' ? 20 : 1));
      return json(200, { correlation: currentCorrelationId() });
    });
    const [slow, fast] = await Promise.all([
      handler(httpEvent({ headers: { 'x-correlation-id': 'slow', 'x-delay': 'long' } })),
      handler(httpEvent({ headers: { 'x-correlation-id': 'fast' } })),
    ]);
    expect([JSON.parse(slow.body!), JSON.parse(fast.body!)]).toEqual([{ correlation: 'slow' }, { correlation: 'fast' }]);
  });

  it("keeps a field named like one of Powertools' own keys, renamed, instead of dropping it", () => {
    const { lines } = captureLines();
    log.error('cognito call failed', { name: 'NotAuthorizedException', message: 'Incorrect username or password.', level: 'beginner' });
    expect(lines()).toEqual([
      expect.objectContaining({ level: 'ERROR', message: 'cognito call failed', name: 'NotAuthorizedException', detail_message: 'Incorrect username or password.', detail_level: 'beginner' }),
    ]);
  });

  it('writes nothing when LOG_LEVEL is silent (tests, benches)', async () => {
    vi.stubEnv('LOG_LEVEL', 'silent');
    const { lines } = captureLines();
    await httpHandler(async () => {
      log.error('hidden');
      return json(200, {});
    })(httpEvent());
    expect(lines()).toEqual([]);
  });
});

describe('events carry the correlation id to their consumers', () => {
  const detail = { userId: 'user-7', achievementId: 'first_quiz', unlockedAt: '2026-11-26T10:00:00.000Z' };
  const envelope = (d: object) => ({ id: 'event-1', 'detail-type': 'AchievementUnlocked', source: 'quizquest', time: detail.unlockedAt, detail: d });

  it('publish adds it beside the facts; the catalogue still parses events with and without it, and drops it from the detail', () => {
    const withMeta = withEventMeta(EVENTS.AchievementUnlocked.detail.parse(detail), 'corr-1');
    expect(withMeta).toEqual({ ...detail, meta: { correlationId: 'corr-1' } });
    expect(withEventMeta(detail, 'not sane!')).toEqual(detail);
    expect(withEventMeta(detail, undefined)).toEqual(detail);
    const schema = envelopeSchema('AchievementUnlocked');
    expect(schema.parse(envelope(withMeta)).detail).toEqual(detail);
    expect(schema.parse(envelope(detail)).detail).toEqual(detail);
  });

  it("hands PutEvents the invocation's X-Ray trace header, so EventBridge continues the trace into the consumers", () => {
    vi.stubEnv('_X_AMZN_TRACE_ID', 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1');
    expect(traceHeader()).toEqual({ TraceHeader: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1' });
    vi.stubEnv('_X_AMZN_TRACE_ID', '');
    expect(traceHeader()).toEqual({});
  });

  it('no event of the catalogue uses the meta key for a fact of its own', () => {
    for (const [name, { detail: schema }] of Object.entries(EVENTS)) {
      expect('shape' in schema && 'meta' in schema.shape, name).toBe(false);
    }
  });

  it("a consumer logs under the event's correlation id, else under the event's id", async () => {
    const { lines } = captureLines();
    const handler = eventHandler(async (event: unknown) => {
      log.info('consumed', { carried: eventCorrelationId(event) ?? null });
    });
    await handler(envelope({ ...detail, meta: { correlationId: 'corr-from-request' } }), lambdaContext());
    await handler(envelope(detail), lambdaContext());
    await handler(envelope({ ...detail, meta: { correlationId: 'bad\nid' } }), lambdaContext());
    expect(lines().map((l) => [l.message, l.correlation_id, l.user_id])).toEqual([
      ['consumed', 'corr-from-request', 'user-7'],
      ['consumed', 'event-1', 'user-7'],
      ['consumed', 'event-1', 'user-7'],
    ]);
  });

  it('a failing consumer logs the failure under the correlation id and rethrows it for the retry', async () => {
    const { lines } = captureLines();
    const handler = eventHandler(async () => {
      throw new Error('table unavailable');
    });
    await expect(handler(envelope({ ...detail, meta: { correlationId: 'corr-9' } }), lambdaContext())).rejects.toThrow('table unavailable');
    expect(lines()).toEqual([
      expect.objectContaining({ level: 'ERROR', message: 'event handler failed', correlation_id: 'corr-9', event_id: 'event-1', detail_type: 'AchievementUnlocked', error: expect.objectContaining({ message: 'table unavailable' }) }),
    ]);
  });

  it("a queue's consumer runs each record under the id its event carries, else the message id", async () => {
    const body = (meta?: object) => JSON.stringify(envelope({ ...detail, ...(meta ? { meta } : {}) }));
    expect(messageCorrelationId(body({ correlationId: 'weekly-run-1' }))).toBe('weekly-run-1');
    expect(messageCorrelationId(body())).toBeUndefined();
    expect(messageCorrelationId('not json')).toBeUndefined();
    const handler = jobHandler(async (records: string[]) => {
      const seen: (string | undefined)[] = [];
      for (const record of records) await withCorrelationId(messageCorrelationId(record) ?? 'message-2', async () => void seen.push(currentCorrelationId()));
      seen.push(currentCorrelationId());
      return seen;
    });
    const context = lambdaContext();
    expect(await handler([body({ correlationId: 'weekly-run-1' }), body()], context)).toEqual(['weekly-run-1', 'message-2', context.awsRequestId]);
  });

  it('a scheduled job starts a correlation of its own: its request id', async () => {
    const handler = jobHandler(async () => currentCorrelationId());
    const context = lambdaContext();
    expect(await handler({ scheduledTime: 'x' }, context)).toBe(context.awsRequestId);
  });
});

describe('metrics are flushed once per invocation, as embedded metrics', () => {
  it('prints one EMF line with the counts and the correlation id when a namespace is set', async () => {
    vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'QuizQuest/test');
    const { lines } = captureLines();
    await httpHandler(async () => {
      countMetric(METRIC.mailsSent);
      countMetric(METRIC.mailsSent);
      countMetric(METRIC.mailsFailed);
      return json(200, {});
    })(httpEvent({ headers: { 'x-correlation-id': 'corr-m' } }));
    const emf = lines().filter((l) => '_aws' in l);
    expect(emf).toHaveLength(1);
    expect(emf[0]).toMatchObject({ MailsSent: 2, MailsFailed: 1, correlation_id: 'corr-m', service: 'quizquest' });
    expect(emf[0]!._aws).toMatchObject({ CloudWatchMetrics: [expect.objectContaining({ Namespace: 'QuizQuest/test' })] });
  });

  it('prints nothing without a namespace (npm start, tests) or without counts', async () => {
    const { lines } = captureLines();
    await httpHandler(async () => {
      countMetric(METRIC.roundsFinished);
      return json(200, {});
    })(httpEvent());
    vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'QuizQuest/test');
    await httpHandler(async () => json(200, {}))(httpEvent());
    expect(lines()).toEqual([]);
  });
});
