import { describe, expect, it } from 'vitest';
import { canChoosePlan, defaultPlan, landingStats, landingStatsMode, PLANS, type LandingCounts } from './plans.ts';

describe('plans (3-learning-and-admin §9)', () => {
  it('has the spec prices', () => {
    expect([PLANS.monthly.price, PLANS.monthly.then, PLANS.annual.price, PLANS.annual.was, PLANS.student.price, PLANS.family.price]).toEqual([4.99, 8.99, 79.99, 107.88, 6.99, 14.99]);
  });

  it.each([
    ['ada@school.edu', true, 'student'],
    ['ADA@UNI.EDU ', true, 'student'],
    ['ada@example.com', false, 'monthly'],
    ['ada@edu.example.com', false, 'monthly'],
  ] as const)('%s may choose the student plan: %s', (email, allowed, plan) => {
    expect(canChoosePlan('student', email)).toBe(allowed);
    expect(defaultPlan(email)).toBe(plan);
  });
});

describe('landing statistics: real counts by default (issue 23), the spec floors as an operator setting', () => {
  const counts = (over: Partial<LandingCounts> = {}): LandingCounts => ({ users: 9, students: 7, teachers: 1, quizzes: 10, correct: 5, questions: 10, ...over });

  it.each([
    [counts(), { floors: false, learners: 7, quizzes: 10, successRate: 50, teachers: 1, schools: null }],
    [counts({ quizzes: 0, correct: 0, questions: 0 }), { floors: false, learners: 7, quizzes: 0, successRate: null, teachers: 1, schools: null }],
    [counts({ correct: 2, questions: 3 }), { floors: false, learners: 7, quizzes: 10, successRate: 67, teachers: 1, schools: null }],
  ])('real: %j → %j', (raw, shown) => {
    expect(landingStats(raw, 'real')).toEqual(shown);
  });

  it.each([
    [counts({ users: 3 }), { floors: true, learners: 10_000, quizzes: 500_000, successRate: 85, teachers: 1, schools: 150 }],
    [counts({ users: 0, quizzes: 0, correct: 0, questions: 0 }), { floors: true, learners: 10_000, quizzes: 500_000, successRate: 95, teachers: 1, schools: 150 }],
    [counts({ users: 67_000, quizzes: 900_000, correct: 90, questions: 100 }), { floors: true, learners: 67_000, quizzes: 900_000, successRate: 90, teachers: 1, schools: 1000 }],
  ])('floors (3-learning-and-admin §9): %j → %j', (raw, shown) => {
    expect(landingStats(raw, 'floors')).toEqual(shown);
  });

  it.each([
    [undefined, 'real'],
    ['', 'real'],
    ['real', 'real'],
    ['floors', 'floors'],
    ['FLOORS', 'floors'],
  ] as const)('the setting %j means %s', (setting, mode) => {
    expect(landingStatsMode(setting)).toBe(mode);
  });
});
