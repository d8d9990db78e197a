import { describe, expect, it } from 'vitest';
import { canChoosePlan, defaultPlan, landingStats, PLANS } from './plans.ts';

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

describe('landing statistics floors', () => {
  it.each([
    [{ users: 3, quizzes: 10, correct: 5, questions: 10 }, { users: 10_000, quizzes: 500_000, successRate: 85, schools: 150 }],
    [{ users: 0, quizzes: 0, correct: 0, questions: 0 }, { users: 10_000, quizzes: 500_000, successRate: 95, schools: 150 }],
    [{ users: 67_000, quizzes: 900_000, correct: 90, questions: 100 }, { users: 67_000, quizzes: 900_000, successRate: 90, schools: 1000 }],
  ])('%j → %j', (raw, shown) => {
    expect(landingStats(raw)).toEqual(shown);
  });
});
