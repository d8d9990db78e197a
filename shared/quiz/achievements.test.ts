import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, earnedAchievements, type LearnerStats } from './achievements.ts';

const none: LearnerStats = {
  attempts: 0,
  fastQuizzes: 0,
  quickQuizzes: 0,
  perfectQuizzes: 0,
  perfectCompetitions: 0,
  expertHighScores: 0,
  perfectSubjects: [],
  levelQuizzes: {},
  topics: {},
};
const topics = { history: ['cold-war', 'medieval'], geography: [], religion: [] };
const earned = (stats: Partial<LearnerStats>, streak = 0) => [...earnedAchievements({ ...none, ...stats }, streak, topics)].sort();

describe('achievement rules (1-core §3, §9)', () => {
  it('the catalogue has the spec’s 15 ids', () => {
    expect(ACHIEVEMENTS.map((a) => a.id)).toHaveLength(15);
  });

  it.each([
    [{}, 0, []],
    [{ attempts: 1 }, 0, ['first_quiz']],
    [{ attempts: 9 }, 0, ['first_quiz']],
    [{ attempts: 10 }, 0, ['first_quiz', 'persistent_learner']],
    [{ perfectQuizzes: 1, perfectSubjects: ['history'] }, 0, ['history_buff', 'perfect_score']],
    [{ fastQuizzes: 1 }, 0, ['speed_demon']],
    [{ fastQuizzes: 5 }, 0, ['speed_demon', 'speed_master']],
    [{ quickQuizzes: 1 }, 0, ['quick_thinker']],
    [{}, 3, ['streak_3']],
    [{}, 2, []],
    [{ expertHighScores: 1 }, 0, ['expert_achiever']],
    [{ perfectCompetitions: 1 }, 0, ['bee_champion']],
    [{ levelQuizzes: { 'history#beginner': 1, 'history#advanced': 2, 'history#expert': 1 } }, 0, ['subject_master']],
    [{ levelQuizzes: { 'history#beginner': 1, 'geography#beginner': 1, 'religion#expert': 1 } }, 0, ['quiz_explorer']],
    [{ topics: { history: { 'cold-war': { correct: 9, total: 10 }, medieval: { correct: 5, total: 5 } } } }, 0, ['topic_master']],
    [{ topics: { history: { 'cold-war': { correct: 8, total: 10 }, medieval: { correct: 5, total: 5 } } } }, 0, []],
    [{ topics: { history: { 'cold-war': { correct: 4, total: 4 }, medieval: { correct: 5, total: 5 } } } }, 0, []],
    [{ topics: { history: { 'cold-war': { correct: 9, total: 10 } } } }, 0, []],
  ] as const)('%j with streak %i → %j', (stats, streak, ids) => {
    expect(earned(stats as Partial<LearnerStats>, streak)).toEqual([...ids].sort());
  });
});
