import { DAILY_MESSAGES, startDailyRequestSchema, startDailyResponseSchema } from '#shared/social/daily-challenge.ts';
import type { Profile } from '#shared/api.ts';
import { claimDailyRound, getDailyChallenge, getDailyProgress, type StoredDailyChallenge } from './data/daily-challenges.ts';
import { getRound } from '../quiz/data/rounds.ts';
import { requireCaller } from '../lib/caller.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { httpHandler, type HttpResult, parseBody, respond } from '../lib/http.ts';
import { newRoundId } from '../quiz/build-round.ts';
import { saveRound } from '../quiz/save-round.ts';
import { toPlayRound } from '../quiz/to-play-round.ts';
import { callerDay, challengeIdFrom } from './daily-view.ts';

/** The round that claimed the day, to resume at its next question; a completed day is refused. */
async function resume(profile: Profile, challenge: StoredDailyChallenge): Promise<HttpResult | undefined> {
  const progress = await getDailyProgress(profile.user_id, challenge.date);
  if (!progress) return undefined;
  if (progress.completed) throw new Conflict(DAILY_MESSAGES.alreadyCompleted, 'daily_completed');
  const round = await getRound(profile.user_id, progress.round_id);
  if (!round || round.status !== 'active') throw new Conflict(DAILY_MESSAGES.alreadyCompleted, 'daily_completed');
  return respond(startDailyResponseSchema, { round: toPlayRound(round), answered: round.answers.length, bonus_points: challenge.bonus_points });
}

/**
 * POST /api/daily-challenges/{challengeId}/start: today's challenge (in the caller's time
 * zone, at the caller's level) as a round with the challenge's questions, graded by the
 * quiz routes like any round. One round per player and day, claimed with a conditional
 * write: a second start resumes it, and once it is finished the day is done.
 */
export const handler = httpHandler(async (event) => {
  const body = parseBody(event, startDailyRequestSchema);
  const requested = challengeIdFrom(event);
  const profile = await requireCaller(event, ['student', 'admin']);
  const now = new Date();

  const today = callerDay(profile, body.timeZone, now);
  if (requested.level !== today.level) throw new NotFound(DAILY_MESSAGES.notFound);
  if (requested.date !== today.date) throw new Conflict(DAILY_MESSAGES.notToday, 'daily_not_today');
  const challenge = await getDailyChallenge(requested.date, requested.level);
  if (!challenge) throw new NotFound(DAILY_MESSAGES.notFound);

  const resumed = await resume(profile, challenge);
  if (resumed) return resumed;

  const round = await saveRound(
    {
      roundId: newRoundId(),
      userId: profile.user_id,
      subject: challenge.subject,
      level: challenge.level,
      mode: 'practice',
      questions: challenge.questions,
      answers: [],
      startedAt: now.getTime(),
      deadline: null,
      status: 'active',
      daily: { challengeId: challenge.id, date: challenge.date, bonusPoints: challenge.bonus_points },
    },
    profile,
    body.timeZone,
    now,
  );
  // A concurrent start claimed the day first: its round is the one to play (this one is left to expire).
  if (!(await claimDailyRound(profile.user_id, challenge, round.roundId, now))) {
    const other = await resume(profile, challenge);
    if (other) return other;
    throw new Conflict(DAILY_MESSAGES.alreadyCompleted, 'daily_completed');
  }
  return respond(startDailyResponseSchema, { round: toPlayRound(round), answered: 0, bonus_points: challenge.bonus_points }, 201);
});
