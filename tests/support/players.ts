import { randomUUID } from 'node:crypto';
import type { Profile } from '../../shared/api.ts';
import { newProfile, putProfile } from '../../functions/profile/data/profiles.ts';
import { uniqueEmail } from './handler-env.ts';

/** A profile written straight to the table: quiz handlers take the caller from verified claims. */
export async function player(overrides: Partial<Profile> = {}): Promise<Profile> {
  // Admins have two-step sign-in on (the admin routes require it) unless a test says otherwise.
  const secondStep = overrides.role === 'admin' ? { mfa_enabled: true } : {};
  const profile = { ...newProfile({ userId: randomUUID(), email: uniqueEmail('player'), now: new Date() }), ...secondStep, ...overrides };
  await putProfile(profile);
  return profile;
}

export const premium = { subscription_status: 'premium' as const };
