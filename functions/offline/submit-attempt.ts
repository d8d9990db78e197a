import { OFFLINE_MESSAGES, type OfflineAttemptResult, offlineAttemptResultSchema, plausibleTimes, submitOfflineAttemptSchema } from '#shared/offline/offline.ts';
import { isCorrect } from '#shared/quiz/grade.ts';
import { claimOfflinePack, getOfflinePack } from './data/offline-packs.ts';
import { getRound, type FinishedResult, type StoredAnswer, type StoredRound } from '../quiz/data/rounds.ts';
import { BadRequest, Conflict, NotFound, TooManyRequests } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { completeRound } from '../quiz/complete-round.ts';
import { saveRound } from '../quiz/save-round.ts';
import { requireOfflineCaller } from './offline-access.ts';

/** One play of a pack is one round, named by the browser's attempt id: a resend finds it. */
const offlineRoundId = (clientAttemptId: string) => `offline-${clientAttemptId}`;

function view(result: FinishedResult, clamped: boolean, duplicate: boolean): OfflineAttemptResult {
  const { attemptId, score, total, percentage, points, completedAt } = result;
  return { attemptId, score, total, percentage, points, completedAt, clamped, duplicate };
}

/**
 * POST /api/offline/attempts: a result played offline, sent when the connection returned.
 * The server grades the answers against the pack it issued to this account (the browser's
 * score is never read), takes the device's completion time when plausible (see
 * plausibleTimes), and records the attempt through the same path as a finished round
 * (completeRound: the attempt, seen questions and QuizCompleted, so points, progress,
 * streak and leaderboards count it on the day it was played). A resend with the same
 * client attempt id returns the first result and adds nothing; an issued pack counts once,
 * so another play of it (a new client attempt id) is 409 pack_already_counted.
 */
export const handler = httpHandler(async (event) => {
  const input = parseBody(event, submitOfflineAttemptSchema);
  const now = new Date();
  const me = await requireOfflineCaller(event, now);
  const pack = await getOfflinePack(me.user_id, input.packId, now.getTime());
  if (!pack) throw new NotFound(OFFLINE_MESSAGES.packNotFound);

  const roundId = offlineRoundId(input.clientAttemptId);
  const earlier = await getRound(me.user_id, roundId);
  if (earlier?.result) return respond(offlineAttemptResultSchema, view(earlier.result, false, true));

  const byQuestion = new Map(input.answers.map((a) => [a.questionId, a.answer]));
  const answers: StoredAnswer[] = pack.questions.map((question) => {
    const answer = byQuestion.get(question.id) ?? null;
    return { questionId: question.id, answer, correct: answer !== null && isCorrect(question.correct_answer, answer), answeredAt: 0 };
  });
  const times = plausibleTimes({ startedAt: input.startedAt, completedAt: input.completedAt, now: now.getTime(), issuedAt: pack.issuedAt, answered: answers.filter((a) => a.answer !== null).length });
  if (!times.ok) throw new BadRequest(OFFLINE_MESSAGES.tooOld);
  // One play per issued pack: another attempt id on a claimed pack is a replay (no points).
  const claim = await claimOfflinePack(me.user_id, pack.packId, input.clientAttemptId, now.getTime());
  if (claim === 'missing') throw new NotFound(OFFLINE_MESSAGES.packNotFound);
  if (claim === 'already_counted') throw new Conflict(OFFLINE_MESSAGES.packAlreadyCounted, 'pack_already_counted');
  // 429: the outbox keeps the result and sends it again (tomorrow it counts, on the day it was played).
  if (claim === 'daily_limit') throw new TooManyRequests(OFFLINE_MESSAGES.dailyLimit);
  for (const answer of answers) answer.answeredAt = times.completedAt;

  let round: StoredRound | undefined = earlier;
  if (!round) {
    try {
      round = await saveRound(
        { roundId, userId: me.user_id, subject: pack.subject, level: pack.level, mode: 'practice', questions: pack.questions, answers, startedAt: times.startedAt, deadline: null, status: 'active' },
        me,
        input.timeZone,
        now,
      );
    } catch (error) {
      // The same attempt sent twice at once: the other request stored the round first.
      round = await getRound(me.user_id, roundId);
      if (!round) throw error;
    }
  }
  // Finishing is idempotent too: a round a concurrent send finished returns its stored result.
  const result = await completeRound(round, new Date(times.completedAt));
  return respond(offlineAttemptResultSchema, view(result, times.clamped, false), 201);
});
