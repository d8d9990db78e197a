import { QUIZ_MESSAGES } from '#shared/quiz/contracts.ts';
import { roundResult } from '#shared/quiz/grade.ts';
import { finishRound, getRound, markPublished, type FinishedResult, type StoredAnswer, type StoredRound } from './data/rounds.ts';
import { dailyCompletion } from '../daily/daily-completion.ts';
import { ensureCards, newCardWrite, type QuestionRef } from '../review/data/reviews.ts';
import { Conflict } from '../lib/errors.ts';
import { countMetric, METRIC } from '../lib/metrics.ts';
import { publish } from '../lib/publish.ts';

/** Topic tallies of a round, for the progress consumer. */
function topicTallies(round: StoredRound, answers: readonly StoredAnswer[]) {
  const tallies = new Map<string, { correct: number; total: number }>();
  round.questions.forEach((question, i) => {
    const tally = tallies.get(question.topic) ?? { correct: 0, total: 0 };
    tally.total += 1;
    if (answers[i]?.correct) tally.correct += 1;
    tallies.set(question.topic, tally);
  });
  return [...tallies].map(([topic, tally]) => ({ subject: round.subject, topic, ...tally }));
}

/**
 * The questions missed (wrong, skipped or unanswered), each of which becomes a spaced-repetition
 * card, once: one per question id, since a transaction may not write one item twice.
 */
function missedQuestions(round: StoredRound, answers: readonly StoredAnswer[]): QuestionRef[] {
  const missed = round.questions.filter((q) => !answers.find((a) => a.questionId === q.id)?.correct);
  return [...new Map(missed.map((q) => [q.id, { id: q.id, subject: round.subject, level: q.level }])).values()];
}

function publishResult(round: StoredRound, result: FinishedResult, answers: readonly StoredAnswer[]): Promise<void> {
  return publish('QuizCompleted', {
    attemptId: result.attemptId,
    userId: round.userId,
    subject: round.subject,
    level: round.level,
    mode: round.mode,
    score: result.score,
    total: result.total,
    points: result.points,
    timeSpentMs: result.timeSpentMs,
    completedAt: result.completedAt,
    timeZone: round.timeZone,
    topics: topicTallies(round, answers),
    ...(round.challengeId ? { challengeId: round.challengeId } : {}),
    ...(round.daily && result.daily ? { dailyChallenge: { id: round.daily.challengeId, date: round.daily.date, bonus: result.daily.bonus, streak: result.daily.streak } } : {}),
  });
}

/**
 * Publishes a finished round again for a later finish of it (functions/quiz/finish-round.ts) that
 * finds it not marked: the finishing request may have died between its commit and its publish.
 * The finishing request itself does not mark (one write fewer on every round's last answer): the
 * consumers count an attempt once by its id, so a second QuizCompleted changes nothing, and the
 * mark keeps later finishes from publishing it a third time. The cards are ensured again too.
 */
async function republish(round: StoredRound & { result: FinishedResult }): Promise<void> {
  await ensureCards(round.userId, missedQuestions(round, round.answers), new Date(round.result.completedAt));
  await publishResult(round, round.result, round.answers);
  await markPublished(round);
}

/**
 * The answer that finishes a round, written in the finishing transaction itself (one write where
 * there were two) on condition that it is still answer number `position`: a double submit or a
 * stale tab then reads as out of order, as an appended answer does.
 */
export interface FinishingAnswer {
  answer: StoredAnswer;
  position: number;
}

/**
 * Finishes a round: unanswered questions count as wrong, the attempt is recorded once,
 * and QuizCompleted goes on the bus. Safe to call again: a finished round returns its
 * stored result, and publishes it if an earlier call failed before doing so. With `finishing`,
 * a round that is no longer waiting for that answer is refused as out of order.
 */
export async function completeRound(round: StoredRound, now: Date, finishing?: FinishingAnswer): Promise<FinishedResult> {
  let current = round;
  // A lost race with a concurrent finish is settled by re-reading; a few tries cover a conflict.
  for (let attempt = 0; attempt < 3; attempt++) {
    const given = finishing ? [finishing.answer] : [];
    const answered = current.answers.length + given.length;
    const missing: StoredAnswer[] = current.questions
      .slice(answered)
      .map((q) => ({ questionId: q.id, answer: null, correct: false, answeredAt: now.getTime() }));
    const answers = [...current.answers, ...given, ...missing];
    const graded = roundResult({ answers, total: current.questions.length, mode: current.mode, startedAt: current.startedAt, finishedAt: now.getTime(), deadline: current.deadline, timeMultiplier: current.timeMultiplier });
    const completedAt = now.toISOString();
    // A daily challenge round completes its day in the same transaction; the bonus counts as points of the attempt.
    const daily = await dailyCompletion(current, graded, completedAt);
    const result: FinishedResult = {
      attemptId: current.roundId,
      completedAt,
      ...graded,
      ...(daily ? { points: graded.points + daily.bonus, daily: { bonus: daily.bonus, streak: daily.streak } } : {}),
    };

    // The cards of the questions missed are written by the finishing transaction itself: they exist
    // exactly when the result does, and the person finishing waits for one write, not one per card.
    const cards = missedQuestions(current, answers).map((question) => ({ Update: newCardWrite(current.userId, question, now) }));
    const finished = await finishRound(current, result, [...given, ...missing], [...(daily?.items ?? []), ...cards], finishing ? finishing.position : undefined);
    if (finished) {
      countMetric(METRIC.roundsFinished);
      await publishResult(current, result, answers);
      return result;
    }
    const stored = await getRound(current.userId, current.roundId);
    if (!stored) break;
    // Settled as left unfinished meanwhile (functions/quiz/left-rounds.ts): nothing to record.
    if (stored.status === 'abandoned') throw new Conflict(QUIZ_MESSAGES.roundExpired, 'round_expired');
    // The finishing answer is no longer the one awaited (answered or finished meanwhile).
    if (finishing && (stored.status !== 'active' || stored.answers.length !== finishing.position)) throw new Conflict(QUIZ_MESSAGES.outOfOrder, 'out_of_order');
    if (stored.result) {
      if (!stored.published) await republish({ ...stored, result: stored.result });
      return stored.result;
    }
    current = stored;
    await new Promise((resolve) => setTimeout(resolve, 25 * (attempt + 1)));
  }
  throw new Error(`Round ${round.roundId} could not be finished`);
}
