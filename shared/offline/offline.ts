import * as z from 'zod';
import { LEVELS, SUBJECTS, type Level, type Subject } from '../constants.ts';

/**
 * Offline quizzes (the offline quiz record, docs/quiz.md): a premium user
 * downloads 10 questions per subject and level, with the answer key (the one place the key
 * leaves the server: a pack issued to that account, recorded, rate limited), plays them with
 * no connection and sends the result when the connection returns. The server grades the
 * answers against the pack it issued and records the attempt like any finished round.
 */
export const OFFLINE = {
  /** docs/quiz.md: 10 questions per download. */
  questionsPerPack: 10,
  /** A completion time older than this is refused (the attempt cannot be counted on its day). */
  maxResultAgeMs: 7 * 24 * 60 * 60 * 1000,
  /** A pack answers results for this long after it was issued (then: download again). */
  packKeepMs: 30 * 24 * 60 * 60 * 1000,
  /** The quickest believable play: a result claiming less is counted as this long (speed bonus). */
  minMsPerQuestion: 2_000,
  /** The longest play counted (time spent); an earlier start is moved up to this. */
  maxPlayMs: 2 * 60 * 60 * 1000,
  /**
   * Results counted per account and UTC day. A pack carries its key, so a script can score
   * every pack in full; with one count per pack, this bounds what downloading more can earn.
   */
  countedPerDay: 20,
} as const;

export const OFFLINE_MESSAGES = {
  premiumRequired: 'Offline mode is a Premium feature. Upgrade to download quizzes.',
  /** docs/quiz.md: shown nowhere in the original; here it is shown under the download grid. */
  noQuestions: (subject: Subject, level: Level) => `No questions available for ${subject} ${level}`,
  packNotFound: 'That offline quiz was not found. Download it again.',
  /** A downloaded quiz counts once: a replay of it is practice, not points. */
  packAlreadyCounted: 'This offline quiz has already been counted. Download it again to play for points.',
  dailyLimit: `${OFFLINE.countedPerDay} offline quizzes have been counted today, the most a day. This result will be sent again tomorrow.`,
  tooOld: 'This offline result is more than 7 days old and cannot be counted.',
} as const;

export const packIdSchema = z.string().regex(/^[a-z0-9]{10,40}$/, 'Invalid format');
/** The browser's own id for one play of a pack (crypto.randomUUID): a resend carries the same one. */
export const clientAttemptIdSchema = z.string().uuid('Invalid format');

export const downloadPackRequestSchema = z.object({
  subject: z.enum(SUBJECTS),
  level: z.enum(LEVELS),
});
export type DownloadPackRequest = z.infer<typeof downloadPackRequestSchema>;

/** A question of a pack as the browser keeps it: with its answer key, for offline play. */
export const offlineQuestionSchema = z.object({
  id: z.string(),
  question: z.string(),
  options: z.array(z.string()),
  correct_answer: z.string(),
  explanation: z.string().optional(),
  question_type: z.enum(['text', 'image']),
  image_url: z.string().nullable(),
  image_caption: z.string().nullable(),
});
export type OfflineQuestion = z.infer<typeof offlineQuestionSchema>;

/** docs/quiz.md: offline quiz record: id (subject_level), subject, level, questions, downloadedAt; plus the pack it came from. */
export const offlinePackSchema = z.object({
  id: z.string(),
  packId: packIdSchema,
  subject: z.enum(SUBJECTS),
  level: z.enum(LEVELS),
  questions: z.array(offlineQuestionSchema),
  downloadedAt: z.string(),
});
export type OfflinePack = z.infer<typeof offlinePackSchema>;

export const offlineRecordId = (subject: Subject, level: Level) => `${subject}_${level}`;

const IANA_ZONE = /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$|^UTC$/;

export const submitOfflineAttemptSchema = z.object({
  packId: packIdSchema,
  clientAttemptId: clientAttemptIdSchema,
  answers: z
    .array(z.object({ questionId: z.string().max(80), answer: z.string().max(500).nullable() }))
    .max(OFFLINE.questionsPerPack),
  /** Device clock, epoch milliseconds. */
  startedAt: z.number().int().nonnegative(),
  completedAt: z.number().int().nonnegative(),
  timeZone: z.string().max(64).regex(IANA_ZONE, 'Invalid format').default('UTC'),
});
export type SubmitOfflineAttempt = z.infer<typeof submitOfflineAttemptSchema>;

export const offlineAttemptResultSchema = z.object({
  attemptId: z.string(),
  score: z.number(),
  total: z.number(),
  percentage: z.number(),
  points: z.number(),
  completedAt: z.string(),
  /** The completion time the server used differs from the device's (a clock ahead of the server's). */
  clamped: z.boolean(),
  /** This attempt was already counted (a resend): nothing was added. */
  duplicate: z.boolean(),
});
export type OfflineAttemptResult = z.infer<typeof offlineAttemptResultSchema>;

export type Plausible = { ok: true; completedAt: number; startedAt: number; clamped: boolean } | { ok: false; reason: 'too_old' };

/**
 * The completion and start times the server counts for a result played offline:
 * - a completion in the future (the device's clock is ahead) is clamped to the server's now;
 * - one before the pack was issued (a clock behind) is clamped up to the issue time;
 * - one more than 7 days before now is refused: the attempt could no longer be counted on its day;
 * - the start lies within [completion − 2 h, completion − 2 s per answered question], and not before the issue.
 */
export function plausibleTimes(input: { startedAt: number; completedAt: number; now: number; issuedAt: number; answered: number }): Plausible {
  const { now, issuedAt } = input;
  if (input.completedAt < now - OFFLINE.maxResultAgeMs) return { ok: false, reason: 'too_old' };
  let completedAt = input.completedAt;
  let clamped = false;
  if (completedAt > now) {
    completedAt = now;
    clamped = true;
  }
  if (completedAt < issuedAt) {
    completedAt = Math.min(issuedAt, now);
    clamped = true;
  }
  const latestStart = completedAt - OFFLINE.minMsPerQuestion * input.answered;
  const earliestStart = Math.max(completedAt - OFFLINE.maxPlayMs, Math.min(issuedAt, latestStart));
  const startedAt = Math.min(Math.max(input.startedAt, earliestStart), latestStart);
  return { ok: true, completedAt, startedAt, clamped };
}

/** A result waiting in the browser's outbox until it is sent. */
export interface OutboxItem {
  clientAttemptId: string;
  packId: string;
  subject: Subject;
  level: Level;
  answers: { questionId: string; answer: string | null }[];
  startedAt: number;
  completedAt: number;
  timeZone: string;
  /** The score the device showed (the server grades again; this is only for the list). */
  localScore: number;
  total: number;
}

/** Adds a result to the outbox once: the same client attempt id is never queued twice. */
export function enqueue(outbox: readonly OutboxItem[], item: OutboxItem): OutboxItem[] {
  return outbox.some((queued) => queued.clientAttemptId === item.clientAttemptId) ? [...outbox] : [...outbox, item];
}

/**
 * What the outbox does with an item after trying to send it: a stored result (2xx) or a
 * refusal the server will repeat (4xx but 401, 408 and 429) leaves the outbox; no connection,
 * a server error or a throttle keeps it for the next try.
 */
export function afterSend(status: number | 'network-error'): 'remove' | 'keep' {
  if (status === 'network-error') return 'keep';
  if (status >= 200 && status < 300) return 'remove';
  if (status === 401 || status === 408 || status === 429) return 'keep';
  if (status >= 400 && status < 500) return 'remove';
  return 'keep';
}

/** POST /api/offline/packs: the pack just issued to this account. */
export const downloadedPackSchema = z.object({ pack: offlinePackSchema });
