import { LEVELS, SUBJECTS, type Subject } from '../constants.ts';

/**
 * The achievement catalogue and its rules (docs/quiz.md). The spec gives ids and hints;
 * titles and descriptions here are ours. `speed_master` has no rule in the spec: we award
 * it for five quizzes finished under two minutes each (five times speed_demon).
 */
export const ACHIEVEMENTS = [
  { id: 'first_quiz', title: 'First Steps', description: 'Complete your first quiz', icon: '🎯' },
  { id: 'perfect_score', title: 'Perfectionist', description: 'Score 100% on a quiz', icon: '💯' },
  { id: 'speed_demon', title: 'Speed Demon', description: 'Finish a quiz in under 2 minutes', icon: '⚡' },
  { id: 'streak_3', title: 'On a Roll', description: 'Complete quizzes 3 days in a row', icon: '🔥' },
  { id: 'subject_master', title: 'Subject Master', description: 'Complete all three levels of a subject', icon: '🎓' },
  { id: 'quiz_explorer', title: 'Explorer', description: 'Take quizzes in all three subjects', icon: '🧭' },
  { id: 'history_buff', title: 'History Buff', description: 'Score 100% on a history quiz', icon: '📜' },
  { id: 'geography_master', title: 'Geography Master', description: 'Score 100% on a geography quiz', icon: '🌍' },
  { id: 'religion_scholar', title: 'Religion Scholar', description: 'Score 100% on a religion quiz', icon: '🕊️' },
  { id: 'quick_thinker', title: 'Quick Thinker', description: 'Average under 10 seconds per question', icon: '🧠' },
  { id: 'persistent_learner', title: 'Persistent Learner', description: 'Complete 10 quizzes', icon: '📚' },
  { id: 'expert_achiever', title: 'Expert Achiever', description: 'Score 90% or more at expert level', icon: '🏆' },
  { id: 'speed_master', title: 'Speed Master', description: 'Finish five quizzes in under 2 minutes each', icon: '🚀' },
  { id: 'bee_champion', title: 'Bee Champion', description: 'Score 100% in a competition round', icon: '🐝' },
  { id: 'topic_master', title: 'Topic Master', description: 'Reach 90% or more in every topic of a subject', icon: '⭐' },
] as const;
export type AchievementId = (typeof ACHIEVEMENTS)[number]['id'];

export const RULES = {
  speedDemonMs: 120_000,
  quickThinkerAverageMs: 10_000,
  expertAchieverPercent: 90,
  persistentLearnerAttempts: 10,
  quizExplorerSubjects: 3,
  subjectMasterLevels: 3,
  streak: 3,
  speedMasterQuizzes: 5,
  topicMasterPercent: 90,
  /** A topic counts towards topic_master after this many answers in it. */
  topicMasterMinAnswers: 5,
} as const;

const PERFECT_SUBJECT: Record<Subject, AchievementId> = {
  history: 'history_buff',
  geography: 'geography_master',
  religion: 'religion_scholar',
};

/** What the progress consumer keeps per user; every field only grows, so event order never matters. */
export interface LearnerStats {
  attempts: number;
  fastQuizzes: number;
  quickQuizzes: number;
  perfectQuizzes: number;
  perfectCompetitions: number;
  expertHighScores: number;
  perfectSubjects: readonly Subject[];
  /** Quizzes per `${subject}#${level}`. */
  levelQuizzes: Readonly<Record<string, number>>;
  /** Answers per subject and topic. */
  topics: Readonly<Record<string, Readonly<Record<string, { correct: number; total: number }>>>>;
}

/** Every achievement the stats earn. `subjectTopics` lists each subject's topics in the question bank. */
export function earnedAchievements(stats: LearnerStats, streak: number, subjectTopics: Readonly<Record<string, readonly string[]>>): Set<AchievementId> {
  const earned = new Set<AchievementId>();
  const add = (condition: boolean, id: AchievementId) => condition && earned.add(id);
  const playedLevels = (subject: Subject) => LEVELS.filter((level) => (stats.levelQuizzes[`${subject}#${level}`] ?? 0) > 0).length;
  const playedSubjects = SUBJECTS.filter((subject) => playedLevels(subject) > 0).length;

  add(stats.attempts >= 1, 'first_quiz');
  add(stats.perfectQuizzes >= 1, 'perfect_score');
  add(stats.fastQuizzes >= 1, 'speed_demon');
  add(streak >= RULES.streak, 'streak_3');
  add(SUBJECTS.some((s) => playedLevels(s) >= RULES.subjectMasterLevels), 'subject_master');
  add(playedSubjects >= RULES.quizExplorerSubjects, 'quiz_explorer');
  for (const subject of stats.perfectSubjects) add(true, PERFECT_SUBJECT[subject]);
  add(stats.quickQuizzes >= 1, 'quick_thinker');
  add(stats.attempts >= RULES.persistentLearnerAttempts, 'persistent_learner');
  add(stats.expertHighScores >= 1, 'expert_achiever');
  add(stats.fastQuizzes >= RULES.speedMasterQuizzes, 'speed_master');
  add(stats.perfectCompetitions >= 1, 'bee_champion');
  add(
    SUBJECTS.some((subject) => {
      const topics = subjectTopics[subject] ?? [];
      return (
        topics.length > 0 &&
        topics.every((topic) => {
          const tally = stats.topics[subject]?.[topic];
          return tally !== undefined && tally.total >= RULES.topicMasterMinAnswers && (tally.correct / tally.total) * 100 >= RULES.topicMasterPercent;
        })
      );
    }),
    'topic_master',
  );
  return earned;
}
