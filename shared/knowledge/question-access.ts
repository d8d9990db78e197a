import type { Profile } from '../api.ts';
import { LEVELS, type Level } from '../constants.ts';
import { canPlayLevel, LEVEL_FEATURE } from '../entitlements.ts';

type Caller = Pick<Profile, 'role' | 'subscription_status' | 'metadata'>;

/**
 * The levels whose question text a caller may read outside a round (similar-question search):
 * the same as play (shared/entitlements.ts). Only students and admins play; parents and
 * teachers, whatever their plan, see what every account may play, the beginner level.
 */
export function readableQuestionLevels(caller: Caller, now: Date): Level[] {
  if (caller.role !== 'student' && caller.role !== 'admin') return LEVELS.filter((level) => LEVEL_FEATURE[level] === null);
  return LEVELS.filter((level) => canPlayLevel(caller, level, now));
}
