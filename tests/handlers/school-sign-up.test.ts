import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { RATE_RULES, SIGN_UP_PER_ADDRESS, windowStart } from '../../shared/rate-limit.ts';
import { AUTH_MESSAGES } from '../../shared/validation/messages.ts';
import { uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';

/**
 * A class signing up from one school address: 35 sign-ups from one address within
 * minutes all succeed, while the per-address burst and daily ceilings and the per-e-mail limit
 * still refuse the abusive patterns.
 */
useLocalStack();
const { handler: signUp } = await import('../../functions/auth/sign-up.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const { keys } = await import('../../functions/data/table-design.ts');

const PASSWORD = 'Class#2026';
let octet = 0;
/** An address of its own per test (outside the 10.0.x.x range other tests draw from). */
const schoolAddress = () => `192.0.2.${(process.pid % 200) + (octet++ % 50)}`;
const signUpFrom = async (ip: string, email = uniqueEmail('pupil')) => parse(await signUp(httpEvent({ body: { email, password: PASSWORD }, ip })));

/** Fills an address's counter for the current and next window of `windowMs` (the next test attempt lands in one of them). */
async function fill(ip: string, windowMs: number, attempts: number) {
  const now = Date.now();
  for (const start of [windowStart({ windowMs }, now), windowStart({ windowMs }, now) + windowMs]) {
    await documentClient().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: { ...keys.rateWindow('signUp', `IP${windowMs}#${ip}`, start), attempts } }));
  }
}

describe('sign-up limits per address', () => {
  it('lets 35 pupils sign up from one school address within minutes', async () => {
    const ip = schoolAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) statuses.push((await signUpFrom(ip)).status);
    expect(statuses).toEqual(Array(35).fill(201));
  }, 120_000);

  it('refuses the 61st sign-up of a 10-minute window from one address', async () => {
    const ip = schoolAddress();
    const [burst] = SIGN_UP_PER_ADDRESS;
    await fill(ip, burst!.windowMs, burst!.max);
    const refused = await signUpFrom(ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(AUTH_MESSAGES.tooManySignUp);
    // Another address is not affected.
    expect((await signUpFrom(schoolAddress())).status).toBe(201);
  });

  it('refuses sign-ups past the daily ceiling of an address, even spread out', async () => {
    const ip = schoolAddress();
    const daily = SIGN_UP_PER_ADDRESS[1]!;
    await fill(ip, daily.windowMs, daily.max);
    expect((await signUpFrom(ip)).status).toBe(429);
  });

  it('still limits one e-mail to 3 attempts an hour from the school address', async () => {
    const ip = schoolAddress();
    const email = uniqueEmail('same-pupil');
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_RULES.signUp.max; i++) statuses.push((await signUpFrom(ip, email)).status);
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
  });
});
