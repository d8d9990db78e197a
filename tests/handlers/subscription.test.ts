import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player, premium } from '../support/players.ts';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { SUBSCRIPTION_MESSAGES } from '../../shared/plans.ts';

useLocalStack();
process.env.CHECKOUT_URL = 'https://checkout.example.com/pay';
const { handler: startTrial } = await import('../../functions/subscription/start-trial.ts');
const { handler: recordIntent } = await import('../../functions/subscription/record-intent.ts');
const { handler: joinWaitlist } = await import('../../functions/subscription/join-waitlist.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const { keys } = await import('../../functions/data/table-design.ts');
const { handler: startRound } = await import('../../functions/quiz/start-round.ts');
const { handler: getMe } = await import('../../functions/profile/get-me.ts');
const { handler: getAnalytics } = await import('../../functions/quiz/get-analytics.ts');
const { handler: getHealth } = await import('../../functions/system/get-health.ts');
const { handler: getStats } = await import('../../functions/system/get-stats.ts');
const { resetEnvForTests } = await import('../../functions/lib/env.ts');

afterEach(() => vi.useRealTimers());

async function waitlistEntry(email: string) {
  const { Item } = await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: keys.waitlist(email) }));
  return Item;
}

const expert = (sub: string) => startRound(httpEvent({ sub, body: { subject: 'history', level: 'expert' } }));

describe('the 7-day trial', () => {
  it('unlocks premium levels for 7 days, then the server ends it', async () => {
    const me = await player();
    expect(parse(await expert(me.user_id)).status).toBe(403);

    const started = parse(await startTrial(httpEvent({ sub: me.user_id })));
    expect(started.status).toBe(200);
    const { trial_active, trial_started, trial_ends } = started.body.profile.metadata;
    expect(trial_active).toBe(true);
    expect(Date.parse(trial_ends) - Date.parse(trial_started)).toBe(7 * 24 * 60 * 60 * 1000);
    expect(parse(await expert(me.user_id)).status).toBe(201);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(trial_ends) + 1000);
    expect(parse(await expert(me.user_id)).status).toBe(403);
    const after = parse(await getMe(httpEvent({ sub: me.user_id })));
    expect(after.body.profile.metadata).toMatchObject({ trial_active: false, trial_ends });
  });

  it('starts once per account, even when clicked twice at once', async () => {
    const me = await player();
    const results = await Promise.all([startTrial(httpEvent({ sub: me.user_id })), startTrial(httpEvent({ sub: me.user_id }))]);
    expect(results.map((r) => parse(r).status).sort()).toEqual([200, 409]);
    expect(parse(await startTrial(httpEvent({ sub: me.user_id })))).toMatchObject({ status: 409 });
  });

  it('is not offered to premium users', async () => {
    const me = await player(premium);
    expect(parse(await startTrial(httpEvent({ sub: me.user_id })))).toMatchObject({ status: 409, body: { error: { code: 'already_premium' } } });
  });
});

describe('subscribing', () => {
  it('records the intent and answers with the configured checkout page', async () => {
    const me = await player();
    const result = parse(await recordIntent(httpEvent({ sub: me.user_id, body: { plan: 'annual' } })));
    expect(result.status).toBe(200);
    expect(result.body.checkoutUrl).toMatch(/^https:\/\/checkout\.example\.com\/pay\?plan=annual&email=/);
  });

  it('keeps the student plan for .edu addresses', async () => {
    const other = await player();
    expect(parse(await recordIntent(httpEvent({ sub: other.user_id, body: { plan: 'student' } })))).toMatchObject({
      status: 400,
      body: { error: { message: '.edu email required for student discount' } },
    });
    const edu = await player({ email: `learner-${Date.now()}@college.edu` });
    expect(parse(await recordIntent(httpEvent({ sub: edu.user_id, body: { plan: 'student' } }))).status).toBe(200);
  });

  it('joins the waitlist, and validates the e-mail', async () => {
    const me = await player();
    expect(parse(await joinWaitlist(httpEvent({ sub: me.user_id, body: { email: me.email } }))).status).toBe(201);
    expect(await waitlistEntry(me.email)).toMatchObject({ user_id: me.user_id, referral_source: 'subscription_page' });
    expect(parse(await joinWaitlist(httpEvent({ sub: me.user_id, body: { email: '  ' } }))).status).toBe(400);
  });

  it("puts only the caller's own address on the waitlist, never someone else's", async () => {
    const me = await player();
    const someoneElse = `victim-${Date.now()}@example.com`;
    const refused = parse(await joinWaitlist(httpEvent({ sub: me.user_id, body: { email: someoneElse } })));
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.email).toBe(SUBSCRIPTION_MESSAGES.waitlistOwnEmail);
    expect(await waitlistEntry(someoneElse)).toBeUndefined();
    // The same address in other letter case is the caller's own.
    expect(parse(await joinWaitlist(httpEvent({ sub: me.user_id, body: { email: me.email.toUpperCase() } }))).status).toBe(201);
    expect(await waitlistEntry(me.email)).toMatchObject({ user_id: me.user_id });
  });
});

describe('dashboard data', () => {
  it('analytics are premium: free users are refused, trial users get 7 buckets per subject', async () => {
    const me = await player();
    expect(parse(await getAnalytics(httpEvent({ sub: me.user_id, query: { range: '7' } }))).status).toBe(403);
    await startTrial(httpEvent({ sub: me.user_id }));
    const result = parse(await getAnalytics(httpEvent({ sub: me.user_id, query: { range: '30' } })));
    expect(result.status).toBe(200);
    expect(result.body.subjects).toHaveLength(3);
    expect(result.body.subjects[0].buckets.map((b: { label: string }) => b.label)).toEqual(['W1', 'W2', 'W3', 'W4', 'W5', 'W6', 'W7']);
    expect(parse(await getAnalytics(httpEvent({ sub: me.user_id, query: { range: '14' } }))).status).toBe(400);
  });

  it('health probes the database and the authentication service for real', async () => {
    const me = await player();
    const result = parse(await getHealth(httpEvent({ sub: me.user_id })));
    expect(result.body).toMatchObject({ status: 'healthy', checks: { database: { status: 'healthy' }, authentication: { status: 'healthy' }, keys: { status: 'healthy' } } });
  });

  it('a failing probe is an error and a slow one a warning', async () => {
    const { probe } = await import('../../functions/system/get-health.ts');
    const failing = await probe(() => Promise.reject(Object.assign(new Error('down'), { name: 'ResourceNotFoundException' })), 'ok');
    expect(failing).toMatchObject({ status: 'error', message: 'ResourceNotFoundException' });
    vi.useFakeTimers({ toFake: ['Date'] });
    const slow = probe(async () => vi.setSystemTime(Date.now() + 2000), 'ok');
    expect((await slow).status).toBe('warning');
  });

  it('landing statistics are the real counts by default (issue 23: 10,000+ learners on a stack of 7)', async () => {
    const result = parse(await getStats(httpEvent()));
    expect(result.status).toBe(200);
    expect(result.body.floors).toBe(false);
    // The shared table holds every handler test's accounts: far fewer than the spec's floors, and never a made-up schools count.
    expect(result.body.learners).toBeLessThan(10_000);
    expect(result.body.quizzes).toBeLessThan(500_000);
    expect(result.body.schools).toBeNull();
    expect(typeof result.body.teachers).toBe('number');
  });

  it('the operator may show the spec floors instead (LANDING_STATS=floors)', async () => {
    process.env.LANDING_STATS = 'floors';
    resetEnvForTests();
    try {
      const result = parse(await getStats(httpEvent()));
      expect(result.body.floors).toBe(true);
      expect(result.body.learners).toBeGreaterThanOrEqual(10_000);
      expect(result.body.quizzes).toBeGreaterThanOrEqual(500_000);
      expect(result.body.schools).toBeGreaterThanOrEqual(150);
    } finally {
      delete process.env.LANDING_STATS;
      resetEnvForTests();
    }
  });
});
