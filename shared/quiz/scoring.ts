/** Points and bonuses of 1-core §9. */
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

/**
 * `answered` is how many questions got an answer: the average time is over those, so a
 * round left to run out of time does not earn a speed bonus.
 */
export function points(input: { correct: number; total: number; mode: QuizMode; timeSpentMs: number; answered?: number }): number {
  const answered = input.answered ?? input.total;
  const average = answered > 0 ? input.timeSpentMs / answered : Infinity;
  return 10 * input.correct + accuracyBonus(input.correct, input.total) + speedBonus(input.mode, average);
}
