/** Points and bonuses (docs/quiz.md). */
export type QuizMode = 'practice' | 'competition';

export function percentage(correct: number, total: number): number {
  return total > 0 ? Math.round((correct / total) * 100) : 0;
}

/** 100% gives +50, 90% or more +30, 80% or more +20 (on the exact ratio, not a rounded one). */
export function accuracyBonus(correct: number, total: number): number {
  if (total <= 0) return 0;
  const ratio = correct / total;
  if (ratio >= 1) return 50;
  if (ratio >= 0.9) return 30;
  if (ratio >= 0.8) return 20;
  return 0;
}

/** Competition only: +25 under 10 s average per question, +15 under 15 s. */
export function speedBonus(mode: QuizMode, averageMs: number): number {
  if (mode !== 'competition') return 0;
  if (averageMs < 10_000) return 25;
  if (averageMs < 15_000) return 15;
  return 0;
}

/** A skipped or unanswered question counts as this much time: a slow answer, by the speed bonus's own mark. */
export const SKIP_COUNTS_AS_MS = 15_000;

/**
 * The average time per answered question that the speed bonus is judged on, or null when
 * no bonus can apply. Without a correct answer there is no bonus; each skipped or
 * unanswered question adds SKIP_COUNTS_AS_MS, so skipping through a round is slow, not
 * fast. With every question answered this is the spec's plain average per question.
 */
export function speedAverageMs(input: { correct: number; answered: number; total: number; timeSpentMs: number }): number | null {
  if (input.correct <= 0 || input.answered <= 0) return null;
  const skipped = Math.max(0, input.total - input.answered);
  return (input.timeSpentMs + skipped * SKIP_COUNTS_AS_MS) / input.answered;
}

/** `answered` is how many questions got an answer (not skipped, not left to the deadline); all of them when omitted. */
export function points(input: { correct: number; total: number; mode: QuizMode; timeSpentMs: number; answered?: number }): number {
  const average = speedAverageMs({ correct: input.correct, answered: input.answered ?? input.total, total: input.total, timeSpentMs: input.timeSpentMs });
  return 10 * input.correct + accuracyBonus(input.correct, input.total) + (average === null ? 0 : speedBonus(input.mode, average));
}
