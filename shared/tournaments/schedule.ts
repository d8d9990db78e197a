/**
 * Live tournaments (docs/social.md): the weekly schedule as data, and the pure
 * rules of a live match (which tournaments a week holds, a card's state, the match clock,
 * scoring and ranking). The server runs the match on its own clock; the browser only shows
 * what these rules and the server's instants give.
 */
import type { Level, Subject } from '../constants.ts';
import { DAY_MS, isoWeekId, weekStart } from '../dates.ts';
import { allowedMs, type TimeMultiplier } from '../quiz/time-allowance.ts';

/** The spec's numbers: 25 questions, entry fee 0, top 10 rankings. */
export const TOURNAMENT_QUESTION_COUNT = 25;
export const TOURNAMENT_ENTRY_FEE = 0;
export const TOP_RANKINGS = 10;
/** A question's standard answer window, and the pause (answer shown, standings) before the next. */
export const QUESTION_WINDOW_MS = 30_000;
export const QUESTION_GAP_MS = 4_000;
/**
 * A question is pushed this long before the instant it opens, with that instant: pushing to
 * every player takes time (up to 1,000 connections, one call each), so it must not come off
 * the last player's window. Every screen shows it at the same server instant, and answers and
 * speed count from there. Three seconds: a parallel fan-out to 1,000 connections takes about
 * half a second in AWS, but 2.3 s on the 2-core local stack (reading the listeners, then the
 * posts), and 2 s left its last players late; the open step is handed this much before the
 * slot, so the schedule itself does not move.
 */
export const QUESTION_LEAD_MS = 3_000;
/** Registration opens this long before the start (earlier the card says Upcoming). */
export const REGISTRATION_OPENS_MS = 48 * 60 * 60 * 1000;
/**
 * The longest multiplier a live match honours: everyone moves to the next question together,
 * so "no time limit" gets the longest live window (double time) rather than none.
 */
export const LIVE_MAX_MULTIPLIER = 2;

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface ScheduledTournament {
  /** Stable within the week; with the ISO week it makes the tournament id. */
  slug: string;
  name: string;
  description: string;
  subject: Subject;
  level: Level;
  weekday: Weekday;
  /** Start, `HH:MM` in UTC. */
  time: string;
  capacity: number;
  /** Shown as text (docs/social.md: prize pool shown as text). */
  prize: string;
}

/** The weekly schedule: seven named tournaments, capacities 100–1000, prizes $250–$2500. */
export const WEEKLY_SCHEDULE: readonly ScheduledTournament[] = [
  { slug: 'capitals-sprint', name: 'World Capitals Sprint', description: 'Race through the capitals of the world.', subject: 'geography', level: 'beginner', weekday: 'monday', time: '18:00', capacity: 1000, prize: '$250' },
  { slug: 'history-masters', name: 'History Masters Cup', description: 'Turning points of history, from empires to revolutions.', subject: 'history', level: 'advanced', weekday: 'tuesday', time: '18:00', capacity: 500, prize: '$750' },
  { slug: 'faiths-challenge', name: 'Faiths of the World Challenge', description: 'Beliefs, festivals and founders of the world’s religions.', subject: 'religion', level: 'beginner', weekday: 'wednesday', time: '18:00', capacity: 750, prize: '$500' },
  { slug: 'flag-frenzy', name: 'Flag Frenzy', description: 'Flags, borders and landmarks at speed.', subject: 'geography', level: 'advanced', weekday: 'thursday', time: '18:00', capacity: 300, prize: '$1000' },
  { slug: 'ancient-empires', name: 'Ancient Empires Showdown', description: 'Rome, Persia, Egypt, China and more, for experts.', subject: 'history', level: 'expert', weekday: 'friday', time: '19:00', capacity: 200, prize: '$1500' },
  { slug: 'sacred-texts', name: 'Sacred Texts Scholars', description: 'Scriptures and traditions for the expert.', subject: 'religion', level: 'expert', weekday: 'saturday', time: '16:00', capacity: 100, prize: '$2000' },
  { slug: 'grand-championship', name: 'Grand Quiz Championship', description: 'The week’s final: the hardest geography questions.', subject: 'geography', level: 'expert', weekday: 'sunday', time: '17:00', capacity: 250, prize: '$2500' },
];

export interface PlannedTournament extends ScheduledTournament {
  id: string;
  week: string;
  startAt: string;
}

/** The tournaments of the week holding `at`, with ids and start instants (UTC), Monday first. */
export function tournamentsOfWeek(at: Date): PlannedTournament[] {
  const monday = weekStart(at);
  const week = isoWeekId(monday);
  return WEEKLY_SCHEDULE.map((t) => {
    const [hours, minutes] = t.time.split(':').map(Number) as [number, number];
    const start = monday.getTime() + WEEKDAYS.indexOf(t.weekday) * DAY_MS + (hours * 60 + minutes) * 60_000;
    return { ...t, id: `${week}-${t.slug}`, week, startAt: new Date(start).toISOString() };
  });
}

/** The live window of a player: the base window × their multiplier, "none" and anything above capped at ×2. */
export function playerWindowMs(baseMs: number, multiplier: TimeMultiplier): number {
  const capped = multiplier === 'none' || multiplier > LIVE_MAX_MULTIPLIER ? LIVE_MAX_MULTIPLIER : multiplier;
  return allowedMs(baseMs, capped) ?? baseMs * LIVE_MAX_MULTIPLIER;
}

/** The multiplier as a number for the match clock (the longest registered one sets each question's close). */
export function liveMultiplier(multiplier: TimeMultiplier): number {
  return multiplier === 'none' ? LIVE_MAX_MULTIPLIER : Math.min(multiplier, LIVE_MAX_MULTIPLIER);
}

export interface MatchClock {
  startAt: number;
  questionCount: number;
  windowMs: number;
  gapMs: number;
  /** The longest multiplier among the registered players (1 to 2). */
  maxMultiplier: number;
}

/** A question stays open for the longest window any registered player has. */
export const questionOpenMs = (clock: MatchClock): number => Math.round(clock.windowMs * clock.maxMultiplier);

/** When question `n` (1-based) is due to open and to close on the schedule. */
export function questionSlot(clock: MatchClock, n: number): { openAt: number; closeAt: number } {
  const openAt = clock.startAt + (n - 1) * (questionOpenMs(clock) + clock.gapMs);
  return { openAt, closeAt: openAt + questionOpenMs(clock) };
}

/** When the match is due to end: the last question's close plus its pause. */
export const scheduledEnd = (clock: MatchClock): number => questionSlot(clock, clock.questionCount).closeAt + clock.gapMs;

/**
 * Points for one answer (documented formula): a correct answer earns 1000, plus up to 500 for
 * speed, linear over the player's own window (answering at the open earns 500, at the
 * window's end 0), rounded to a whole point. A wrong or missing answer earns 0. Because the
 * speed share is measured against the player's own window, a player with extra time (×1.5,
 * ×2) competes on the same scale as everyone else.
 */
export const CORRECT_POINTS = 1000;
export const MAX_SPEED_POINTS = 500;

export function answerPoints(input: { correct: boolean; elapsedMs: number; windowMs: number }): number {
  if (!input.correct) return 0;
  const elapsed = Math.min(Math.max(input.elapsedMs, 0), input.windowMs);
  return CORRECT_POINTS + Math.round(MAX_SPEED_POINTS * (1 - elapsed / input.windowMs));
}

export type AnswerVerdict = 'accepted' | 'not_open' | 'late';

/** Whether an answer arriving at `at` (server clock) counts for the open question. */
export function answerVerdict(input: { at: number; openAt: number | null; playerWindowMs: number; open: boolean }): AnswerVerdict {
  if (!input.open || input.openAt === null || input.at < input.openAt) return 'not_open';
  return input.at - input.openAt > input.playerWindowMs ? 'late' : 'accepted';
}

export interface Standing {
  userId: string;
  score: number;
  correct: number;
  /** Sum of the player's answer times, in ms: faster breaks a tie of score and correct answers. */
  timeMs: number;
  registeredAt: string;
}

export interface RankedStanding extends Standing {
  rank: number;
}

/**
 * Ranking: score, higher first; then more correct answers; then less total answer time; then
 * earlier registration; then user id. Every tie is broken, so ranks are 1..n with no shared
 * places and every player and screen sees the same order.
 */
export function rank(standings: readonly Standing[]): RankedStanding[] {
  return [...standings]
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.correct - a.correct ||
        a.timeMs - b.timeMs ||
        a.registeredAt.localeCompare(b.registeredAt) ||
        a.userId.localeCompare(b.userId),
    )
    .map((s, i) => ({ ...s, rank: i + 1 }));
}

export type CardState = 'upcoming' | 'registration_open' | 'active' | 'full' | 'finished';

/**
 * A card's state (docs/social.md): finished once the match has ended; active from the start
 * until then; before it, full when every place is taken, registration open within 48 h of the
 * start, and upcoming before that.
 */
export function cardState(input: { now: number; startAt: number; endAt: number; participants: number; capacity: number; matchFinished: boolean }): CardState {
  if (input.matchFinished || input.now >= input.endAt) return 'finished';
  if (input.now >= input.startAt) return 'active';
  if (input.participants >= input.capacity) return 'full';
  return input.now >= input.startAt - REGISTRATION_OPENS_MS ? 'registration_open' : 'upcoming';
}

/** Registration is possible while open and, for late joiners, while active with places left. */
export function canRegister(state: CardState, participants: number, capacity: number): boolean {
  return (state === 'registration_open' || state === 'active') && participants < capacity;
}

export const TOURNAMENT_MESSAGES = {
  full: 'This tournament is full',
  alreadyRegistered: 'You are already registered for this tournament',
  notOpen: 'Registration is not open for this tournament',
  notFound: 'Tournament not found',
  notRegistered: 'You are not registered for this tournament',
  questionNotOpen: 'This question is not open',
  late: 'Time is up for this question',
  duplicate: 'You have already answered this question',
  upgrade: 'Live tournaments are a Premium feature',
} as const;
