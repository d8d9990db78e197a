import { isRoundLeft, isRoundOpen } from '#shared/quiz/round-life.ts';
import { ensureCards } from '../review/data/reviews.ts';
import { activeRounds, markAbandoned, type StoredRound } from './data/rounds.ts';

/** Rounds are kept 7 days (their TTL): a round left in that time is still found and settled. */
const ROUNDS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Settles the rounds left unfinished (shared/quiz/round-life.ts): the questions missed in
 * them (answered wrong or skipped) become cards, as a finished round's do, and the round is
 * marked abandoned: no attempt, no points, and its questions are no longer held back.
 * Questions never reached are not cards (the player never saw them). Safe to repeat: cards
 * are conditional puts.
 */
export async function settleLeftRounds(rounds: readonly StoredRound[], now: Date): Promise<void> {
  const left = rounds.filter((round) => round.status === 'active' && isRoundLeft(round, now.getTime()));
  for (const round of left) {
    const missed = round.answers.flatMap((answer) => {
      const question = answer.correct ? undefined : round.questions.find((q) => q.id === answer.questionId);
      return question ? [{ id: question.id, subject: round.subject, level: question.level }] : [];
    });
    // Cards first: if marking fails, the next read settles it again and the cards are already there.
    await ensureCards(round.userId, missed, now);
    await markAbandoned(round);
  }
}

/**
 * The questions held back from Review and cards: those not yet answered in a round still
 * open (no answer key before the answer). Rounds left unfinished are settled on the way, so
 * a hold ends when its round's time does, and the round's misses reach spaced repetition.
 */
export async function questionsHeld(userId: string, now: Date): Promise<Set<string>> {
  const rounds = await activeRounds(userId, now.getTime() - ROUNDS_KEPT_MS);
  await settleLeftRounds(rounds, now);
  const held = new Set<string>();
  for (const round of rounds) {
    if (!isRoundOpen(round, now.getTime())) continue;
    for (const question of round.questions.slice(round.answers.length)) held.add(question.id);
  }
  return held;
}
