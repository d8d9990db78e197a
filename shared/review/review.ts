import * as z from 'zod';
import { LEVELS, SUBJECTS, type Level, type Subject } from '../constants.ts';
import { DAY_MS } from '../dates.ts';
import { plainText } from '../validation/plain-text.ts';

/** Review mode, bookmarks' notes and spaced repetition (docs/learning.md). */
export const REVIEW_LIMITS = {
  notesMax: 5000,
  /** Spaced repetition loads at most this many due cards at once. */
  dueCardsPerLoad: 20,
  searchMax: 100,
} as const;

export const REVIEW_MESSAGES = {
  notesTooLong: `Notes too long (maximum ${REVIEW_LIMITS.notesMax} characters)`,
  notesFormat: 'Invalid notes format',
  empty: 'No questions found. Try adjusting your filters or complete some quizzes to see questions here.',
  fetchFailed: 'Failed to fetch review questions',
  notesFailed: 'Failed to update notes',
  notBookmarked: 'This question is not bookmarked',
  cardNotFound: 'Card not found',
  caughtUp: 'All caught up',
  premiumRequired: 'Spaced repetition is part of Premium',
} as const;

/**
 * Notes as stored and shown: what the student wrote (the page shows them as text, so `<b>` and
 * `a < b` stay as typed), with invisible and control characters removed, trimmed.
 */
export function sanitiseNotes(raw: string): string {
  return plainText(raw);
}

/** PUT notes: a string of at most 5000 characters (before sanitising); anything else is "Invalid notes format". */
export const notesRequestSchema = z.object({
  notes: z.string(REVIEW_MESSAGES.notesFormat).max(REVIEW_LIMITS.notesMax, REVIEW_MESSAGES.notesTooLong),
});

/** A bookmarked question as Review Mode shows it: the student's own review, so with its correct answer. */
export const reviewItemSchema = z.object({
  questionId: z.string(),
  subject: z.enum(SUBJECTS),
  level: z.enum(LEVELS),
  question: z.string(),
  options: z.array(z.string()),
  correctAnswer: z.string(),
  explanation: z.string().nullable(),
  notes: z.string(),
  bookmarkedAt: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;
export const reviewListSchema = z.object({
  items: z.array(reviewItemSchema),
  /** Bookmarked questions still waiting for their answer in a round in play: shown once answered. */
  held: z.number().int().min(0),
});
export type ReviewList = z.infer<typeof reviewListSchema>;
export const notesResponseSchema = z.object({ notes: z.string() });

export interface ReviewFilters {
  search: string;
  subject: Subject | 'all';
  level: Level | 'all';
}

/** Review Mode's text search (question, answer and notes, case-insensitive) and subject and level filters. */
export function filterReviewItems<T extends Pick<ReviewItem, 'question' | 'correctAnswer' | 'notes' | 'subject' | 'level'>>(items: readonly T[], filters: ReviewFilters): T[] {
  const needle = filters.search.trim().toLowerCase();
  return items.filter(
    (item) =>
      (filters.subject === 'all' || item.subject === filters.subject) &&
      (filters.level === 'all' || item.level === filters.level) &&
      (needle === '' || [item.question, item.correctAnswer, item.notes].some((text) => text.toLowerCase().includes(needle))),
  );
}

/* ---------------------------------------------------------------- spaced repetition */

export const SM2 = { initialEase: 2.5, minEase: 1.3, firstInterval: 1, secondInterval: 6 } as const;
export const RATINGS = [1, 2, 3, 4] as const;
export type Rating = (typeof RATINGS)[number];

export interface Schedule {
  /** Successful reviews in a row (a rating below 3 resets it). */
  repetitions: number;
  intervalDays: number;
  ease: number;
}

export const NEW_CARD: Schedule = { repetitions: 0, intervalDays: 0, ease: SM2.initialEase };

/**
 * The spec's SM-2 rule (docs/learning.md). Rating 3 or 4: repetitions 0 gives 1 day, 1 gives 6 days,
 * otherwise the interval times the ease factor, rounded; repetitions plus one. Below 3:
 * repetitions back to 0, 1 day. The interval uses the ease before this review; then the
 * ease changes by 0.1 − (5 − q)(0.08 + 0.02(5 − q)) and never goes below 1.3. The ease is
 * kept to two decimals (every change is a multiple of 0.01, so this only removes float noise).
 */
export function nextSchedule(card: Schedule, rating: Rating): Schedule {
  let repetitions: number;
  let intervalDays: number;
  if (rating >= 3) {
    intervalDays = card.repetitions === 0 ? SM2.firstInterval : card.repetitions === 1 ? SM2.secondInterval : Math.round(card.intervalDays * card.ease);
    repetitions = card.repetitions + 1;
  } else {
    repetitions = 0;
    intervalDays = SM2.firstInterval;
  }
  const miss = 5 - rating;
  const ease = Math.max(SM2.minEase, Math.round((card.ease + 0.1 - miss * (0.08 + 0.02 * miss)) * 100) / 100);
  return { repetitions, intervalDays, ease };
}

/** When a card rated now is due again. */
export const nextReviewAt = (now: Date, intervalDays: number): Date => new Date(now.getTime() + intervalDays * DAY_MS);

const RATING_MESSAGE = 'Rate the card from 1 to 4';
export const rateRequestSchema = z.object({
  rating: z
    .number(RATING_MESSAGE)
    .int(RATING_MESSAGE)
    .min(1, RATING_MESSAGE)
    .max(4, RATING_MESSAGE)
    .transform((rating) => rating as Rating),
});

export const cardSchema = z.object({
  questionId: z.string(),
  subject: z.enum(SUBJECTS),
  level: z.enum(LEVELS),
  question: z.string(),
  options: z.array(z.string()),
  correctAnswer: z.string(),
  explanation: z.string().nullable(),
  nextReview: z.string(),
  reviewCount: z.number().int().min(0),
  repetitions: z.number().int().min(0),
  intervalDays: z.number().int().min(0),
  ease: z.number(),
});
export type Card = z.infer<typeof cardSchema>;
export const dueCardsSchema = z.object({ cards: z.array(cardSchema) });
export const rateResponseSchema = z.object({
  nextReview: z.string(),
  reviewCount: z.number().int(),
  repetitions: z.number().int(),
  intervalDays: z.number().int(),
  ease: z.number(),
});
