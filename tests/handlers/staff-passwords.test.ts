import { describe, expect, it } from 'vitest';
import type { Profile } from '#shared/api.ts';
import { AUTH_MESSAGES } from '#shared/validation/messages.ts';
import { linkToken, mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player } from '../support/players.ts';

/**
 * Teacher and admin passwords follow a stronger rule than the spec's (which
 * students keep). Cognito's pool has one policy (6 characters), so the API enforces it wherever
 * such a password is set: the invitation's set-a-password link and a password reset.
 */
const { mailbox } = useLocalStack();
const { handler: addUser } = await import('#functions/admin/add-user.ts');
const { handler: verifyReset } = await import('#functions/auth/verify-password-reset.ts');
const { handler: resetPassword } = await import('#functions/auth/reset-password.ts');
const { handler: requestReset } = await import('#functions/auth/request-password-reset.ts');
const { handler: signIn } = await import('#functions/auth/sign-in.ts');

const as = (who: Profile, extra: Parameters<typeof httpEvent>[0] = {}) => httpEvent({ ...extra, sub: who.user_id });
const resetNow = async (token: string, password: string) => parse(await resetPassword(httpEvent({ body: { token, password, confirmPassword: password } })));
const signInWith = async (email: string, password: string) => parse(await signIn(httpEvent({ body: { email, password } })));

/** Add User with this role; answers the invitee's address and the token of the set-a-password link. */
async function invite(role: 'student' | 'teacher' | 'admin'): Promise<{ email: string; token: string }> {
  const boss = await player({ role: 'admin' });
  const email = uniqueEmail(`invited-${role}`);
  expect(parse(await addUser(as(boss, { body: { email, role } }))).status).toBe(201);
  return { email, token: linkToken(await mailTo(mailbox, email, /invited/), 'token') };
}

describe('the staff password rule', () => {
  it('an invited teacher is told the rule, a short password is refused with it and the link still works; a strong one signs in', async () => {
    const { email, token } = await invite('teacher');
    expect(parse(await verifyReset(httpEvent({ body: { token } })))).toMatchObject({ status: 200, body: { email, passwordRule: 'staff' } });

    for (const weak of ['Teach#2026', 'teacher#2026-orbit', 'TeacherOrbit2026']) {
      const refused = await resetNow(token, weak);
      expect(refused).toMatchObject({ status: 400, body: { error: { fields: { password: AUTH_MESSAGES.staffPasswordRule } } } });
    }
    // Nothing was set: the weak password does not sign in, and the link still answers.
    const notSet = await signInWith(email, 'Teach#2026');
    expect(notSet.status).not.toBe(200);
    expect(notSet.body.tokens).toBeUndefined();
    expect(parse(await verifyReset(httpEvent({ body: { token } }))).status).toBe(200);

    expect((await resetNow(token, 'Teacher#2026-orbit')).status).toBe(200);
    const session = await signInWith(email, 'Teacher#2026-orbit');
    expect(session).toMatchObject({ status: 200, body: { profile: { email, role: 'teacher' } } });
  });

  it('an invited admin gets the same rule', async () => {
    const { email, token } = await invite('admin');
    expect(parse(await verifyReset(httpEvent({ body: { token } }))).body.passwordRule).toBe('staff');
    expect((await resetNow(token, 'Admin#2026')).body.error.fields.password).toBe(AUTH_MESSAGES.staffPasswordRule);
    expect((await resetNow(token, 'Admin#2026-console')).status).toBe(200);
    expect((await signInWith(email, 'Admin#2026-console')).body.profile.role).toBe('admin');
  });

  it("students keep the spec's rule: 6 characters are enough", async () => {
    const { email, token } = await invite('student');
    expect(parse(await verifyReset(httpEvent({ body: { token } }))).body.passwordRule).toBe('standard');
    expect((await resetNow(token, 'comet7')).status).toBe(200);
    expect(await signInWith(email, 'comet7')).toMatchObject({ status: 200, body: { profile: { email, role: 'student' } } });
  });

  it("a teacher's forgotten-password reset follows the staff rule too", async () => {
    const { email, token } = await invite('teacher');
    expect((await resetNow(token, 'Teacher#2026-first')).status).toBe(200);
    expect(parse(await requestReset(httpEvent({ body: { email } }))).status).toBe(202);
    const resetMail = await mailTo(mailbox, email, /[Rr]eset/);
    const resetToken = linkToken(resetMail, 'token');
    expect((await resetNow(resetToken, 'short#1A')).body.error.fields.password).toBe(AUTH_MESSAGES.staffPasswordRule);
    expect((await resetNow(resetToken, 'Teacher#2026-second')).status).toBe(200);
    expect((await signInWith(email, 'Teacher#2026-second')).status).toBe(200);
  });
});
