/**
 * The tier of a percentage score (docs/quiz.md): gold at 80 % or more, blue at 50 % or more,
 * neutral below. The round summary's icon and the teacher's score table both colour by it.
 */
export type ScoreTier = 'gold' | 'blue' | 'neutral';

export const SCORE_TIER_FLOORS = { gold: 80, blue: 50 } as const;

export function scoreTier(percentage: number): ScoreTier {
  if (percentage >= SCORE_TIER_FLOORS.gold) return 'gold';
  if (percentage >= SCORE_TIER_FLOORS.blue) return 'blue';
  return 'neutral';
}
