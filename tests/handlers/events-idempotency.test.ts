import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';

const { mailbox } = useLocalStack();
const { handler: sendEmail } = await import('../../functions/consumers/send-email.ts');
const { handler: postConfirmation } = await import('../../functions/auth/post-confirmation.ts');
const { getProfile, putProfile, newProfile } = await import('../../functions/data/profiles.ts');

const envelope = (id: string, email: string) => ({
  version: '0',
  id,
  'detail-type': 'AccountConfirmed',
  source: 'quizquest',
  account: '000000000000',
  time: new Date().toISOString(),
  region: 'us-east-1',
  resources: [],
  detail: { userId: 'u-1', email },
});

describe('event consumers are idempotent', () => {
  it('a duplicated AccountConfirmed sends one welcome e-mail', async () => {
    const email = uniqueEmail('dup');
    const event = envelope(randomUUID(), email);
    await Promise.all([sendEmail(event), sendEmail(event)]);
    await sendEmail(event);
    expect(await mailTo(mailbox, email, /Welcome/)).toBeDefined();
    await new Promise((r) => setTimeout(r, 200));
    expect(mailbox.list().filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('rejects an envelope whose detail does not match the catalogue', async () => {
    await expect(sendEmail({ ...envelope(randomUUID(), 'x'), detail: { userId: '' } } as never)).rejects.toThrow();
  });
});

describe('post-confirmation trigger', () => {
  it('never overwrites an existing profile (a retried trigger keeps the role)', async () => {
    const email = uniqueEmail('teacher');
    const sub = randomUUID();
    await putProfile(newProfile({ userId: sub, email, role: 'teacher', now: new Date() }));
    const event = {
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      userName: email,
      userPoolId: process.env.USER_POOL_ID,
      request: { userAttributes: { sub, email } },
      response: {},
    } as unknown as PostConfirmationTriggerEvent;
    // The group call fails for a user Cognito does not know; the profile write comes first and must hold.
    await postConfirmation(event).catch(() => undefined);
    expect((await getProfile(sub))?.role).toBe('teacher');
  });
});
