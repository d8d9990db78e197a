import * as z from 'zod';
import { SUBJECTS } from './constants.ts';
import { FREE_LIMITS } from './entitlements.ts';

/** Plans and prices in US dollars (docs/quiz.md). */
export const PLANS = {
  monthly: { name: 'Monthly', price: 4.99, then: 8.99, period: 'month', note: 'for the first 3 months, then $8.99', discountPercent: 44 },
  annual: { name: 'Annual', price: 79.99, was: 107.88, period: 'year', note: '$6.67 per month', discountPercent: 26 },
  student: { name: 'Student', price: 6.99, period: 'month', note: '.edu email required', discountPercent: 22 },
  family: { name: 'Family', price: 14.99, period: 'month', note: 'up to 4 students, each additional student $3.99 per month', discountPercent: 58 },
} as const;
export type PlanId = keyof typeof PLANS;
export const PLAN_IDS = Object.keys(PLANS) as PlanId[];

/** What each tier includes, as the landing and subscription pages list it. */
export const FREE_PLAN_INCLUDES = [
  `Beginner questions in all ${SUBJECTS.length} subjects`,
  `${FREE_LIMITS.quiz_attempts_per_day} quiz rounds a day`,
  `${FREE_LIMITS.study_guides} study guides`,
  'Top-100 leaderboard',
  'Basic progress tracking',
] as const;

export const PREMIUM_PLAN_INCLUDES = [
  'Advanced and expert questions',
  'Unlimited quizzes, bookmarks and study guides',
  'AI tutor, video explanations and adaptive learning',
  'Live tournaments and study groups',
  'Detailed analytics, progress reports and study plans',
  'Ad-free, with priority support',
] as const;

export const formatUsd = (amount: number) => (amount === 0 ? '$0' : `$${amount.toFixed(2)}`);

export const LANDING_PRICE = { premium: 9.99, was: 19.99, note: '50% off your first 3 months', guaranteeDays: 30 } as const;

export const STUDENT_PLAN_MESSAGE = '.edu email required for student discount';
export const isEduEmail = (email: string) => /\.edu$/i.test(email.trim());

/** The student plan is open only to .edu addresses (and is then the default choice). */
export function canChoosePlan(plan: PlanId, email: string): boolean {
  return plan !== 'student' || isEduEmail(email);
}
export const defaultPlan = (email: string): PlanId => (isEduEmail(email) ? 'student' : 'monthly');

export const subscribeIntentSchema = z.object({ plan: z.enum(PLAN_IDS as [PlanId, ...PlanId[]]) });
export const waitlistSchema = z.object({
  email: z
    .string({ error: 'Email address is required' })
    .trim()
    .min(1, 'Email address is required')
    .max(255)
    .pipe(z.email('Please enter a valid email address')),
});

export const SUBSCRIPTION_MESSAGES = {
  trialUsed: 'Your free trial has already been used.',
  alreadyPremium: 'You already have Premium.',
  updateFailed: 'Failed to update subscription',
  waitlistFailed: 'Failed to join waitlist',
  /** Not in the spec: the waitlist takes the account's own address, so no one can sign up another person. */
  waitlistOwnEmail: 'Use the e-mail address of your account',
} as const;

/** Landing statistics floors (docs/quiz.md): an operator's choice, never the default. */
export const STAT_FLOORS = { users: 10_000, quizzes: 500_000, successRate: 85, defaultSuccessRate: 95, schools: 150, usersPerSchool: 67 } as const;

/** What the landing page may show: the counters as they are (default), or the marketing floors (docs/quiz.md). */
export type LandingStatsMode = 'real' | 'floors';

/** The operator's setting (LANDING_STATS; CDK context `landingStats`): "floors" turns the floors on, anything else is real. */
export const landingStatsMode = (setting: string | undefined): LandingStatsMode => (setting?.trim().toLowerCase() === 'floors' ? 'floors' : 'real');

/** The stored counters the figures come from: accounts (all, students, teachers) and answered questions. */
export interface LandingCounts {
  users: number;
  students: number;
  teachers: number;
  quizzes: number;
  correct: number;
  questions: number;
}

export interface LandingFigures {
  floors: boolean;
  learners: number;
  quizzes: number;
  /** Percent of answers correct; null before anyone answered (real figures invent no rate). */
  successRate: number | null;
  teachers: number;
  /** Only with the floors: no school is recorded anywhere, so a real count does not exist. */
  schools: number | null;
}

export function landingStats(raw: LandingCounts, mode: LandingStatsMode): LandingFigures {
  const rate = raw.questions > 0 ? Math.round((raw.correct / raw.questions) * 100) : null;
  if (mode === 'real') return { floors: false, learners: raw.students, quizzes: raw.quizzes, successRate: rate, teachers: raw.teachers, schools: null };
  const users = Math.max(raw.users, STAT_FLOORS.users);
  return {
    floors: true,
    learners: users,
    quizzes: Math.max(raw.quizzes, STAT_FLOORS.quizzes),
    successRate: rate === null ? STAT_FLOORS.defaultSuccessRate : Math.max(rate, STAT_FLOORS.successRate),
    teachers: raw.teachers,
    schools: Math.max(Math.floor(users / STAT_FLOORS.usersPerSchool), STAT_FLOORS.schools),
  };
}

/** POST /api/subscription/intent: where the browser goes to pay (http or https only). */
export const intentResponseSchema = z.object({ checkoutUrl: z.url({ protocol: /^https?$/ }) });
