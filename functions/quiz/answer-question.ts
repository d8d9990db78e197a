import { answerRequestSchema, answerResponseSchema, DEADLINE_GRACE_MS, QUIZ_MESSAGES } from '#shared/quiz/contracts.ts';
import { limitFor } from '#shared/entitlements.ts';
import { dailyLimitDetails } from '#shared/quiz/daily-limit.ts';
import { isCorrect } from '#shared/quiz/grade.ts';
import { isRoundOpen } from '#shared/quiz/round-life.ts';
import { countRoundItem, roundsPlayedToday } from './data/daily-rounds.ts';
import { appendAnswer, roundKey, roundOf } from './data/rounds.ts';
import { requireCallerWith } from '../lib/caller.ts';
import { BadRequest, Conflict, NotFound, TooManyRequests } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { countMetric, METRIC } from '../lib/metrics.ts';
import { completeRound } from './complete-round.ts';
import { roundIdFrom } from './round-path.ts';

/**
 * POST /api/quiz/rounds/{roundId}/answers: grades one answer (or a skip) against the
 * stored key, in order, before the deadline; the last one finishes the round (written with the
 * finish, functions/quiz/complete-round.ts). An ordinary
 * round's first answer also counts it against the daily limit, in the same transaction.
 */
export const handler = httpHandler(async (event) => {
  const body = parseBody(event, answerRequestSchema);
  const roundId = roundIdFrom(event);
  // The caller's records and the round in one request (the round is under the caller's own key).
  const { profile, items } = await requireCallerWith(event, (userId) => [roundKey(userId, roundId)]);
  const round = roundOf(items[0]);
  if (!round) throw new NotFound('Round not found');
  if (round.status === 'abandoned') throw new Conflict(QUIZ_MESSAGES.roundExpired, 'round_expired');
  if (round.status !== 'active') throw new Conflict(QUIZ_MESSAGES.roundFinished, 'round_finished');

  const now = new Date();
  if (round.deadline !== null && now.getTime() > round.deadline + DEADLINE_GRACE_MS) {
    countMetric(METRIC.answersRefusedLate);
    await completeRound(round, now);
    throw new Conflict(QUIZ_MESSAGES.timeUp, 'time_up');
  }
  // An untimed round left too long has released its questions to Review: it takes no more answers.
  if (!isRoundOpen(round, now.getTime())) throw new Conflict(QUIZ_MESSAGES.roundExpired, 'round_expired');

  const position = round.answers.length;
  const question = round.questions[position];
  if (!question || question.id !== body.questionId) throw new Conflict(QUIZ_MESSAGES.outOfOrder, 'out_of_order');
  const isLast = position === round.questions.length - 1;
  if ('skip' in body && isLast) throw new BadRequest('The last question cannot be skipped', { skip: 'The last question cannot be skipped' });

  const answer = 'answer' in body ? body.answer : null;
  if (answer !== null && !question.options.includes(answer)) throw new BadRequest(QUIZ_MESSAGES.notAnOption, { answer: QUIZ_MESSAGES.notAnOption });
  const correct = answer !== null && isCorrect(question.correct_answer, answer);
  const stored = { questionId: question.id, answer, correct, answeredAt: now.getTime() };

  const limit = limitFor(profile, 'quiz_attempts_per_day', now);
  const counted = position === 0 && round.countsAgainstLimit ? countRoundItem(profile.user_id, now, round.timeZone, limit) : undefined;
  const answers = [...round.answers, stored];
  const score = answers.filter((a) => a.correct).length;
  // The last answer is written by the finishing transaction itself, on the same condition an append has.
  if (isLast && !counted) {
    const result = await completeRound(round, now, { answer: stored, position });
    return respond(answerResponseSchema, { correct, correctAnswer: question.correct_answer, score, finished: true, result });
  }
  let appended = await appendAnswer(round, position, stored, counted);
  // A conflict with a concurrent write is retried: a double submit then reads as out of order, two tabs' counts both land.
  for (let retry = 1; appended === 'conflict' && retry <= 3; retry++) {
    await new Promise((resolve) => setTimeout(resolve, 20 * retry));
    appended = await appendAnswer(round, position, stored, counted);
  }
  if (appended === 'limit') {
    const played = await roundsPlayedToday(profile.user_id, now, round.timeZone);
    throw new TooManyRequests(QUIZ_MESSAGES.dailyLimit(limit), 'daily_limit', dailyLimitDetails(limit, played, now, round.timeZone));
  }
  if (appended !== 'appended') throw new Conflict(QUIZ_MESSAGES.outOfOrder, 'out_of_order');

  const result = isLast ? await completeRound({ ...round, answers }, now) : null;
  return respond(answerResponseSchema, { correct, correctAnswer: question.correct_answer, score, finished: isLast, result });
});
