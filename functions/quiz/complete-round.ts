import { roundResult } from '#shared/quiz/grade.ts';
import { finishRound, getRound, markPublished, type FinishedResult, type StoredAnswer, type StoredRound } from '../data/rounds.ts';
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

async function announce(round: StoredRound, result: FinishedResult, answers: readonly StoredAnswer[]): Promise<void> {
  await publish('QuizCompleted', {
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
  });
  await markPublished(round);
}

/**
 * Finishes a round: unanswered questions count as wrong, the attempt is recorded once,
 * and QuizCompleted goes on the bus. Safe to call again: a finished round returns its
 * stored result, and publishes it if an earlier call failed before doing so.
 */
export async function completeRound(round: StoredRound, now: Date): Promise<FinishedResult> {
  const missing: StoredAnswer[] = round.questions
    .slice(round.answers.length)
    .map((q) => ({ questionId: q.id, answer: null, correct: false, answeredAt: now.getTime() }));
  const answers = [...round.answers, ...missing];
  const graded = roundResult({ answers, total: round.questions.length, mode: round.mode, startedAt: round.startedAt, finishedAt: now.getTime(), deadline: round.deadline });
  const result: FinishedResult = { attemptId: round.roundId, completedAt: now.toISOString(), ...graded };

  if (await finishRound(round, result, missing)) {
    await announce(round, result, answers);
    return result;
  }
  const stored = await getRound(round.userId, round.roundId);
  if (!stored?.result) throw new Error(`Round ${round.roundId} finished without a result`);
  if (!stored.published) await announce(stored, stored.result, stored.answers);
  return stored.result;
}
