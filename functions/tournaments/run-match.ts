import { envelopeSchema } from '#events/catalogue.ts';
import { isWaitInterrupted } from '../lib/interruptible-wait.ts';
import { log } from '../lib/log.ts';
import { runStep } from './match-runner.ts';
import { eventHandler } from '../lib/instrument.ts';

const envelope = envelopeSchema('LiveMatchStepDue');

/** Consumer of LiveMatchStepDue: runs one question of a live match (see match-runner.ts). */
export const handler = eventHandler(async (event: unknown): Promise<void> => {
  const { detail } = envelope.parse(event);
  try {
    const outcome = await runStep(detail.tournamentId, detail.question);
    log.info('live match step', { ...detail, outcome });
  } catch (error) {
    // The host is stopping: the step stays as stored and the per-minute job resumes it (no retry).
    if (!isWaitInterrupted(error)) throw error;
    log.info('live match step interrupted by the host stopping; resumed after the restart', { ...detail });
  }
});
