import { LEVELS, SUBJECTS } from '#shared/constants.ts';
import { earnedAchievements } from '#shared/quiz/achievements.ts';
import { getBankMeta } from '../questions/data/question-bank.ts';
import { learnerStats, unlockAchievements } from './data/learner.ts';
import { publish } from '../lib/publish.ts';

/** Each subject's topics across its levels, from the bank's index items (cached per container). */
async function subjectTopics(): Promise<Record<string, readonly string[]>> {
  const entries = await Promise.all(
    SUBJECTS.map(async (subject) => {
      const metas = await Promise.all(LEVELS.map((level) => getBankMeta(subject, level)));
      return [subject, [...new Set(metas.flatMap((meta) => Object.keys(meta?.topics ?? {})))]] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * Evaluates the whole catalogue against the learner's current stats and unlocks what is
 * newly earned, announcing each once. Safe to repeat: unlocking is conditional.
 */
export async function evaluateAchievements(userId: string, streak: number, at: string): Promise<string[]> {
  const [stats, topics] = await Promise.all([learnerStats(userId), subjectTopics()]);
  const unlocked = await unlockAchievements(userId, earnedAchievements(stats, streak, topics), at);
  for (const achievementId of unlocked) await publish('AchievementUnlocked', { userId, achievementId, unlockedAt: at });
  return unlocked;
}
