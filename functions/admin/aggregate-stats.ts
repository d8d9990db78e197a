import type { EventBridgeEvent } from 'aws-lambda';
import { envelopeSchema } from '#events/catalogue.ts';
import type { AccountChange } from '#shared/admin/stats.ts';
import { countAccountChange, countQuiz } from './data/admin-stats.ts';
import { runOnce } from '../data/processed-events.ts';
import { eventHandler } from '../lib/instrument.ts';

const quizCompleted = envelopeSchema('QuizCompleted');
const accountConfirmed = envelopeSchema('AccountConfirmed');
const accountInvited = envelopeSchema('AccountInvited');
const accountDeleted = envelopeSchema('AccountDeleted');
const accountRoleChanged = envelopeSchema('AccountRoleChanged');

/**
 * The counters an event moves (pure): a quiz, or an account created, deleted or moved; and the
 * key it counts once by: a quiz its attempt (a finished round may be published again,
 * functions/quiz/complete-round.ts), any other change its event.
 */
function effectOf(event: EventBridgeEvent<string, unknown>): { onceKey: string; run: () => Promise<void> } | undefined {
  const account = (change: AccountChange) => ({ onceKey: event.id, run: () => countAccountChange(change, event.id) });
  switch (event['detail-type']) {
    case 'QuizCompleted': {
      const { detail } = quizCompleted.parse(event);
      const run = () => countQuiz({ attemptId: detail.attemptId, userId: detail.userId, subject: detail.subject, score: detail.score, total: detail.total, timeSpentMs: detail.timeSpentMs, completedAt: detail.completedAt });
      return { onceKey: `attempt#${detail.attemptId}`, run };
    }
    case 'AccountConfirmed':
      // Sign-up makes students (docs/admin.md); other roles are given by an admin (AccountInvited, AccountRoleChanged).
      accountConfirmed.parse(event);
      return account({ kind: 'created', role: 'student' });
    case 'AccountInvited':
      return account({ kind: 'created', role: accountInvited.parse(event).detail.role });
    case 'AccountDeleted':
      return account({ kind: 'deleted', role: accountDeleted.parse(event).detail.role ?? 'student' });
    case 'AccountRoleChanged': {
      const { detail } = accountRoleChanged.parse(event);
      return account({ kind: 'role-changed', from: detail.from, to: detail.to });
    }
    default:
      return undefined;
  }
}

/**
 * aggregate-admin-stats: keeps the admin overview's counters. Every change is an
 * addition, so events may arrive in any order; each counts once by its key (a redelivery is a
 * duplicate marker, and a failed effect gives the marker back for the retry).
 */
export const handler = eventHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const effect = effectOf(event);
  if (effect) await runOnce('aggregate-admin-stats', effect.onceKey, effect.run);
});
