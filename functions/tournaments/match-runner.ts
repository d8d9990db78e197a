import { playQuestionSchema } from '#shared/quiz/question.ts';
import { MATCH_MESSAGE_TYPES } from '#shared/tournaments/api.ts';
import { rank, TOP_RANKINGS } from '#shared/tournaments/schedule.ts';
import { delaySecondsUntil, planStep, stepAfterClose, type MatchStep, type StepState } from '#shared/tournaments/steps.ts';
import {
  answersOf,
  claimStep,
  closeQuestion,
  finishMatch,
  getTournament,
  getTournamentQuestions,
  openQuestion,
  playersOfTournament,
  putStandings,
  scoreAnswer,
  stepSeqOf,
  type StoredStandings,
  type StoredTournament,
} from './data/tournaments.ts';
import { pushToTopic, pushToUser } from '../lib/push.ts';
import { sendStep } from './send-step.ts';
import { clockOf, playerStanding, rankingRow } from './views.ts';

/**
 * One timed step of a live match, on the server's clock (shared/tournaments/steps.ts). A step
 * reads the tournament once, decides from the stored state alone, makes one conditional write
 * keyed on the step number (a redelivered, duplicated or replaced message writes nothing, and
 * then pushes and sends nothing), does its work and hands the next step to the queue with the
 * delay until it is due. Nothing here waits: the time between steps passes in the queue.
 *
 * - open: opens the question at an instant the lead ahead (QUESTION_LEAD_MS), pushes it at once
 *   (without its key, with the server's open and close instants) to the match's topic, hands its
 *   close: every screen shows it at the open instant however long the fan-out took, and answers
 *   count (and speed is scored) from that instant only;
 * - close: closes it (answers arriving later are refused), adds each answer's points once,
 *   ranks, stores and pushes the standings, finishes after the last, hands the next open.
 *
 * A step that fails after its write leaves the state as written with no message on the way;
 * the per-minute job resumes it from there (resume-matches.ts).
 */
export interface RunnerDeps {
  now: () => number;
  /** Hands a step to the queue, visible after `delaySeconds`: SQS in AWS, the emulated queue locally, a record in tests. */
  send: (step: MatchStep, delaySeconds: number) => Promise<void>;
}

export const defaultDeps: RunnerDeps = { now: () => Date.now(), send: sendStep };

export type StepOutcome = 'opened' | 'announced' | 'closed' | 'settled' | 'early' | 'stale' | 'duplicate' | 'missing';

const iso = (ms: number) => new Date(ms).toISOString();
const PUSH_CONCURRENCY = 10;

async function eachLimited<T>(items: readonly T[], run: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, items.length) }, worker));
}

const stateOf = (t: StoredTournament): StepState => ({
  status: t.match_status,
  question: t.match_question,
  closeAt: t.close_at ? Date.parse(t.close_at) : null,
  seq: stepSeqOf(t),
});

export async function runStep(step: MatchStep, deps: RunnerDeps = defaultDeps): Promise<StepOutcome> {
  const t = await getTournament(step.tournamentId, true);
  if (!t) return 'missing';
  const plan = planStep(step, stateOf(t), clockOf(t), deps.now());
  const { tournamentId, question: n, seq } = step;
  const hand = (next: MatchStep, dueAt: number) => deps.send(next, delaySecondsUntil(dueAt, deps.now()));

  switch (plan.kind) {
    case 'skip':
      return 'stale';
    case 'early':
      // The same message again for the rest of its delay: nothing is written, nothing waits here.
      await hand(step, plan.dueAt);
      return 'early';
    case 'open':
    case 'announce': {
      const question = (await getTournamentQuestions(tournamentId))[n - 1];
      if (!question) return 'missing';
      // A reopened question keeps the fresh window the resume job stored.
      const slot = plan.kind === 'open' ? plan : { openAt: Date.parse(t.open_at!), closeAt: Date.parse(t.close_at!) };
      const claimed = plan.kind === 'open' ? await openQuestion(tournamentId, n, iso(slot.openAt), iso(slot.closeAt), seq) : await claimStep(tournamentId, n, 'open', seq);
      if (!claimed) return 'duplicate';
      await pushToTopic(`match:${tournamentId}`, {
        type: MATCH_MESSAGE_TYPES.questionOpen,
        data: {
          tournament_id: tournamentId,
          number: n,
          total: t.question_count,
          open_at: iso(slot.openAt),
          close_at: iso(slot.closeAt),
          window_ms: t.window_ms,
          question: playQuestionSchema.parse({ ...question, id: `live-q${n}` }),
        },
      });
      await hand({ tournamentId, question: n, phase: 'close', seq: seq + 1 }, slot.closeAt);
      return plan.kind === 'open' ? 'opened' : 'announced';
    }
    case 'close':
    case 'settle': {
      const claimed = plan.kind === 'close' ? await closeQuestion(tournamentId, n, t.close_at!, seq) : await claimStep(tournamentId, n, 'closed', seq);
      if (!claimed) return 'duplicate';
      await settle(t, n, deps.now());
      const after = stepAfterClose(clockOf(t), n, Date.parse(t.close_at!));
      if (after) await hand({ tournamentId, question: after.question, phase: 'open', seq: seq + 1 }, after.dueAt);
      return plan.kind === 'close' ? 'closed' : 'settled';
    }
  }
}

/**
 * Scores closed question `n` and tells everyone: each answer's points added once (a per-player
 * mark, so a settle after a cut-short close adds nothing twice), the ranking stored and pushed
 * (top 10 to the topic, each player's own place to their connections), the match finished after the last.
 */
async function settle(t: StoredTournament, n: number, now: number): Promise<void> {
  const tournamentId = t.id;
  const topic = `match:${tournamentId}` as const;
  const answers = await answersOf(tournamentId, n);
  await eachLimited(answers, (answer) => scoreAnswer(tournamentId, answer));
  const [players, questions] = await Promise.all([playersOfTournament(tournamentId), getTournamentQuestions(tournamentId)]);
  const byId = new Map(players.map((p) => [p.userId, p]));
  const ranked = rank(players.map(playerStanding));
  const standings: StoredStandings = {
    number: n,
    correct_answer: questions[n - 1]?.correct_answer ?? '',
    top: ranked.slice(0, TOP_RANKINGS).map((s) => ({ ...rankingRow({ ...s, email: byId.get(s.userId)?.email ?? '' }), user_id: s.userId })),
    ranks: Object.fromEntries(ranked.map((s) => [s.userId, s.rank])),
    players: ranked.length,
  };
  await putStandings(tournamentId, standings);
  const after = stepAfterClose(clockOf(t), n, Date.parse(t.close_at!));
  if (!after) await finishMatch(tournamentId, n);

  const top = standings.top.map(({ user_id: _id, ...row }) => row);
  await pushToTopic(topic, {
    type: MATCH_MESSAGE_TYPES.standings,
    data: { tournament_id: tournamentId, number: n, total: t.question_count, correct_answer: standings.correct_answer, top, players: standings.players, next_open_at: after ? iso(Math.max(after.opensAt, now)) : null },
  });
  // Each player's own place, to their own connections (the topic carries only the top 10).
  await eachLimited(ranked, (s) =>
    pushToUser(s.userId, { type: MATCH_MESSAGE_TYPES.myStanding, data: { tournament_id: tournamentId, number: n, rank: s.rank, score: s.score, correct: s.correct } }),
  );
  if (!after) await pushToTopic(topic, { type: MATCH_MESSAGE_TYPES.finished, data: { tournament_id: tournamentId, top, players: standings.players } });
}
