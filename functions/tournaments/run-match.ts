import { envelopeSchema } from '#events/catalogue.ts';
import { log } from '../lib/log.ts';
import { runStep } from './match-runner.ts';

const envelope = envelopeSchema('LiveMatchStepDue');

/** Consumer of LiveMatchStepDue: runs one question of a live match (see match-runner.ts). */
export const handler = async (event: unknown): Promise<void> => {
  const { detail } = envelope.parse(event);
  const outcome = await runStep(detail.tournamentId, detail.question);
  log.info('live match step', { ...detail, outcome });
};
