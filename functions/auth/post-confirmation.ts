import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { addToRoleGroup } from './data/accounts.ts';
import { ensureProfile, newProfile } from '../profile/data/profiles.ts';
import { publish } from '../lib/publish.ts';

/**
 * Cognito post-confirmation trigger: the server, never the browser, creates the profile
 * (role student, subscription free). Safe to run twice: the profile write is conditional.
 */
export const handler = async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const { sub, email } = event.request.userAttributes;
  if (!sub || !email) throw new Error('Confirmed user has no sub or email');

  const profile = await ensureProfile(newProfile({ userId: sub, email, now: new Date() }));
  await addToRoleGroup(event.userName, profile.role);
  await publish('AccountConfirmed', { userId: sub, email: profile.email });
  return event;
};
