import { passwordProblem, passwordRuleFor, type PasswordRule } from '#shared/validation/auth.ts';
import { AUTH_MESSAGES as M } from '#shared/validation/messages.ts';
import { getProfile } from '../profile/data/profiles.ts';
import { BadRequest } from '../lib/errors.ts';

/**
 * The password rule of an account, from its profile's role: Cognito has one policy per pool
 * (the spec's 6 characters, for students), so the staff rule is the API's to enforce. An
 * account without a profile yet is a sign-up in progress: a student.
 */
export async function passwordRuleOf(userId: string): Promise<PasswordRule> {
  const profile = await getProfile(userId);
  return passwordRuleFor(profile?.role ?? 'student');
}

/** Refuses, as a form error on `password`, a new password that the account's rule does not allow. */
export async function requirePasswordRule(userId: string, password: string): Promise<void> {
  const problem = passwordProblem(password, await passwordRuleOf(userId));
  if (problem) throw new BadRequest(M.checkForm, { password: problem });
}
