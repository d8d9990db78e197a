import { LEVELS, type Level } from '#shared/constants.ts';
import { selectIndexes } from '#shared/quiz/select-questions.ts';
import { seededRandom } from '#shared/hashing.ts';
import { DAILY_BONUS_POINTS, DAILY_QUESTION_COUNT, dailyChallengeId, dailyPlan, dailyTheme } from '#shared/social/daily-challenge.ts';
import { getDailyChallenge, putDailyChallengeIfAbsent, type StoredDailyChallenge } from './data/daily-challenges.ts';
import { getBankMeta, getQuestions } from '../questions/data/question-bank.ts';

/**
 * One day's challenge at one level: the day's subject (dailyPlan), questions drawn from the
 * bank spread over its topics with a random sequence seeded by the id, so it is the same
 * whoever generates it. Undefined when the bank has no questions there.
 */
async function draw(date: string, level: Level, now: Date): Promise<StoredDailyChallenge | undefined> {
  const { subject } = dailyPlan(date);
  const meta = await getBankMeta(subject, level);
  if (!meta) return undefined;
  const id = dailyChallengeId(date, level);
  const random = seededRandom(id);
  // Round-robin over the topics (each shuffled), so no topic fills the day on its own.
  const topics = Object.keys(meta.topics)
    .sort()
    .map((topic) => selectIndexes({ candidates: meta.topics[topic]!, seen: new Set(), count: DAILY_QUESTION_COUNT, random }));
  const indexes: number[] = [];
  for (let i = 0; indexes.length < DAILY_QUESTION_COUNT && topics.some((t) => i < t.length); i++) {
    for (const topic of topics) if (i < topic.length && indexes.length < DAILY_QUESTION_COUNT) indexes.push(topic[i]!);
  }
  const questions = (await getQuestions(subject, level, indexes)).map((question) => ({ ...question, level }));
  if (questions.length === 0) return undefined;
  const bonusPoints = DAILY_BONUS_POINTS[level];
  return {
    id,
    date,
    subject,
    level,
    ...dailyTheme(subject, level, questions.length, bonusPoints),
    question_count: questions.length,
    bonus_points: bonusPoints,
    questions,
    created_at: now.toISOString(),
  };
}

/**
 * Makes sure each date has its challenges (one per level, for the players of each plan);
 * what exists is kept as it is. Returns how many were created.
 */
export async function ensureDailyChallenges(dates: readonly string[], now: Date): Promise<number> {
  let created = 0;
  for (const date of dates) {
    for (const level of LEVELS) {
      if (await getDailyChallenge(date, level)) continue;
      const challenge = await draw(date, level, now);
      if (challenge && (await putDailyChallengeIfAbsent(challenge))) created += 1;
    }
  }
  return created;
}

/** The challenge of a date at a level, generated first if the day has none (the spec's ensure_today). */
export async function ensureDailyChallenge(date: string, level: Level, now: Date): Promise<StoredDailyChallenge | undefined> {
  const existing = await getDailyChallenge(date, level);
  if (existing) return existing;
  const challenge = await draw(date, level, now);
  if (!challenge) return undefined;
  // A concurrent generation may have won: read back what is stored.
  return (await putDailyChallengeIfAbsent(challenge)) ? challenge : await getDailyChallenge(date, level);
}
