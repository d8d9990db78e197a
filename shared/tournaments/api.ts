/**
 * Live tournaments' contracts: the HTTP answers and the WebSocket messages of a
 * match (`match:<tournament id>`), parsed by the screens and produced by the handlers.
 * No shape here carries an answer key for an open question: `correct_answer` appears only
 * in `match.standings`, which the runner sends after the question has closed.
 */
import * as z from 'zod';
import { LEVELS, SUBJECTS } from '../constants.ts';
import { answerTextSchema } from '../quiz/contracts.ts';
import { playQuestionSchema } from '../quiz/question.ts';
import { pathIdSchema } from '../validation/path-id.ts';

export const tournamentIdSchema = pathIdSchema(/^[A-Za-z0-9-]{3,80}$/, 80);

export const CARD_STATES = ['upcoming', 'registration_open', 'active', 'full', 'finished'] as const;
export const MATCH_STATUSES = ['waiting', 'open', 'closed', 'finished'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const tournamentViewSchema = z.object({
  id: tournamentIdSchema,
  kind: z.enum(['weekly', 'quick']),
  name: z.string(),
  description: z.string(),
  subject: z.enum(SUBJECTS),
  level: z.enum(LEVELS),
  start_at: z.iso.datetime(),
  end_at: z.iso.datetime(),
  capacity: z.number().int(),
  participants: z.number().int(),
  prize: z.string(),
  entry_fee: z.number(),
  question_count: z.number().int(),
  state: z.enum(CARD_STATES),
  is_registered: z.boolean(),
});
export type TournamentView = z.infer<typeof tournamentViewSchema>;

export const tournamentListSchema = z.object({ tournaments: z.array(tournamentViewSchema), now: z.iso.datetime() });
/** A quick match just created, or a tournament the caller just registered for. */
export const tournamentResponseSchema = z.object({ tournament: tournamentViewSchema });

export const rankingRowSchema = z.object({ rank: z.number().int(), player: z.string(), score: z.number().int(), correct: z.number().int(), is_me: z.boolean().optional() });
export type RankingRow = z.infer<typeof rankingRowSchema>;

export const openQuestionSchema = z.object({
  number: z.number().int().min(1),
  total: z.number().int().min(1),
  open_at: z.iso.datetime(),
  /** When the question closes for everyone (the longest window of any registered player). */
  close_at: z.iso.datetime(),
  /** The standard window; a player's own is this × their multiplier (see `me.window_ms`). */
  window_ms: z.number().int(),
  question: playQuestionSchema,
});
export type OpenQuestion = z.infer<typeof openQuestionSchema>;

export const matchStateSchema = z.object({
  tournament: tournamentViewSchema,
  now: z.iso.datetime(),
  status: z.enum(MATCH_STATUSES),
  /** The open question, or null between questions, before the start and after the end. */
  question: openQuestionSchema.nullable(),
  /** The last closed question's number and answer. */
  last_closed: z.object({ number: z.number().int(), correct_answer: z.string() }).nullable(),
  next_open_at: z.iso.datetime().nullable(),
  me: z.object({
    score: z.number().int(),
    correct: z.number().int(),
    answered: z.number().int(),
    rank: z.number().int().nullable(),
    /** This player's answer window (standard × their time multiplier, capped at ×2). */
    window_ms: z.number().int(),
    /** The answer this player gave to the open question, if any (their own, never graded before the close). */
    answered_current: z.boolean(),
  }),
  top: z.array(rankingRowSchema),
  players: z.number().int(),
});
export type MatchState = z.infer<typeof matchStateSchema>;

export const matchAnswerRequestSchema = z.object({ question: z.number().int().min(1).max(100), answer: answerTextSchema });
export const matchAnswerResponseSchema = z.object({ received: z.literal(true), question: z.number().int(), at: z.iso.datetime() });

/** WebSocket messages on `match:<id>` (and `match.my-standing` to the player's own `user:` topic). */
export const MATCH_MESSAGE_TYPES = {
  questionOpen: 'match.question-open',
  standings: 'match.standings',
  myStanding: 'match.my-standing',
  finished: 'match.finished',
} as const;

export const questionOpenMessageSchema = openQuestionSchema.extend({ tournament_id: tournamentIdSchema });
export const standingsMessageSchema = z.object({
  tournament_id: tournamentIdSchema,
  number: z.number().int(),
  total: z.number().int(),
  correct_answer: z.string(),
  top: z.array(rankingRowSchema),
  players: z.number().int(),
  next_open_at: z.iso.datetime().nullable(),
});
export const myStandingMessageSchema = z.object({ tournament_id: tournamentIdSchema, number: z.number().int(), rank: z.number().int(), score: z.number().int(), correct: z.number().int() });
export const finishedMessageSchema = z.object({ tournament_id: tournamentIdSchema, top: z.array(rankingRowSchema), players: z.number().int() });
