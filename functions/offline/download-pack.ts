import { downloadedPackSchema, downloadPackRequestSchema, OFFLINE, OFFLINE_MESSAGES, type OfflinePack, offlineRecordId } from '#shared/offline/offline.ts';
import { canPlayLevel } from '#shared/entitlements.ts';
import { QUIZ_MESSAGES } from '#shared/quiz/contracts.ts';
import { putOfflinePack, type OfflinePackRecord } from './data/offline-packs.ts';
import { enforceAccountRateLimit } from '../lib/data/rate-limits.ts';
import { Forbidden, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { buildRound, newRoundId } from '../quiz/build-round.ts';
import { requireOfflineCaller } from './offline-access.ts';

/** What the browser keeps of an issued pack (the offline quiz record, docs/quiz.md): the answer key included, the topic and bank index not. */
export function toOfflinePack(pack: OfflinePackRecord): OfflinePack {
  return {
    id: offlineRecordId(pack.subject, pack.level),
    packId: pack.packId,
    subject: pack.subject,
    level: pack.level,
    downloadedAt: new Date(pack.issuedAt).toISOString(),
    questions: pack.questions.map((q) => ({
      id: q.id,
      question: q.question,
      options: q.options,
      correct_answer: q.correct_answer,
      explanation: q.explanation,
      question_type: q.question_type,
      image_url: q.image_url,
      image_caption: q.image_caption,
    })),
  };
}

/**
 * POST /api/offline/packs: 10 questions of one subject and level with their answer key, for
 * offline play. The documented exception to "the key stays on the server": only for accounts
 * with offline_mode, counted per account (rate limited), and recorded (the issued pack is
 * stored; results are graded against it).
 */
export const handler = httpHandler(async (event) => {
  const request = parseBody(event, downloadPackRequestSchema);
  const now = new Date();
  const me = await requireOfflineCaller(event, now);
  if (!canPlayLevel(me, request.level, now)) throw new Forbidden(QUIZ_MESSAGES.premiumLevel, 'premium_required');
  await enforceAccountRateLimit('offlineDownload', me.user_id, now.getTime());

  let drawn;
  try {
    drawn = await buildRound(me, { ...request, mode: 'practice', questionCount: OFFLINE.questionsPerPack, difficultyProgression: false, timeZone: 'UTC' }, now);
  } catch (error) {
    if (error instanceof NotFound) throw new NotFound(OFFLINE_MESSAGES.noQuestions(request.subject, request.level));
    throw error;
  }
  const pack: OfflinePackRecord = { packId: newRoundId(), userId: me.user_id, subject: request.subject, level: request.level, questions: drawn.questions, issuedAt: now.getTime() };
  await putOfflinePack(pack);
  log.info('offline pack issued', { userId: me.user_id, packId: pack.packId, subject: pack.subject, level: pack.level, questions: pack.questions.length });
  return respond(downloadedPackSchema, { pack: toOfflinePack(pack) }, 201);
});
