import { playQuestionSchema } from '#shared/quiz/question.ts';
import { MATCH_MESSAGE_TYPES } from '#shared/tournaments/api.ts';
import { nextOpenAt } from '#shared/tournaments/resume.ts';
import { questionOpenMs, rank, TOP_RANKINGS } from '#shared/tournaments/schedule.ts';
import {
  answersOf,
  claimReopenAnnouncement,
  closeQuestion,
  finishMatch,
  getTournament,
  getTournamentQuestions,
  openQuestion,
  playersOfTournament,
  putStandings,
  scoreAnswer,
  type StoredQuestion,
  type StoredStandings,
  type StoredTournament,
} from '../data/tournaments.ts';
import { interruptibleSleep } from '../lib/interruptible-wait.ts';
import { log } from '../lib/log.ts';
import { publish } from '../lib/publish.ts';
import { pushToTopic, pushToUser } from '../lib/push.ts';
import { clockOf, playerStanding, rankingRow } from './views.ts';

/**
 * The live match runner, on the server's clock. One invocation runs one question:
 * wait until it is due, open it (a conditional write: a redelivered invocation never opens
 * a question twice, and pushes nothing when it did not open it), push it to the match's
 * topic, wait until it closes, close it (answers arriving later are refused), add each
 * answer's points once, rank, store and push the standings, then hand the next question
 * to a new invocation through the bus (`LiveMatchStepDue`). Each invocation waits at most
 * one pause and one window (≤ 2 × 30 s + 4 s), well inside its timeout.
 *
 * Its waits end at once when the local host stops (interruptible-wait.ts): the step is then
 * left as stored, and the per-minute job resumes it (resume-matches.ts), as it does for a
 * runner that crashed or timed out in AWS.
 */
export interface RunnerDeps {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Hands the next question on; the bus in both hosts, a direct call in tests if they like. */
  next: (tournamentId: string, question: number) => Promise<void>;
}

export const defaultDeps: RunnerDeps = {
  now: () => Date.now(),
  sleep: interruptibleSleep,
  next: (tournamentId, question) => publish('LiveMatchStepDue', { tournamentId, question }),
};

const iso = (ms: number) => new Date(ms).toISOString();
const PUSH_CONCURRENCY = 10;

async function eachLimited<T>(items: readonly T[], run: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, items.length) }, worker));
}

export type StepOutcome = 'opened-and-closed' | 'closed-only' | 'stale' | 'not-started' | 'missing';

/** Pushes question `n` (without its key) and its server instants to the match's topic. */
async function pushQuestionOpen(t: StoredTournament, n: number, question: StoredQuestion, openAt: number, closeAt: number): Promise<number> {
  const { sent } = await pushToTopic(`match:${t.id}`, {
    type: MATCH_MESSAGE_TYPES.questionOpen,
    data: {
      tournament_id: t.id,
      number: n,
      total: t.question_count,
      open_at: iso(openAt),
      close_at: iso(closeAt),
      window_ms: t.window_ms,
      question: playQuestionSchema.parse({ ...question, id: `live-q${n}` }),
    },
  });
  return sent;
}

const closeOf = (t: StoredTournament) => (t.close_at ? Date.parse(t.close_at) : null);

export async function runStep(tournamentId: string, n: number, deps: RunnerDeps = defaultDeps): Promise<StepOutcome> {
  let t = await getTournament(tournamentId, true);
  if (!t) return 'missing';
  if (t.match_status === 'finished' || t.match_question > n) return 'stale';
  const topic = `match:${tournamentId}` as const;
  const clock = clockOf(t);
  let opened = false;

  if (t.match_question === n - 1 && (t.match_status === 'starting' || t.match_status === 'closed')) {
    // On its slot, or a pause after the previous close when that was late (a resumed question).
    const due = nextOpenAt(clock, n, closeOf(t));
    await deps.sleep(due - deps.now());
    const openAt = Math.max(deps.now(), due);
    const closeAt = openAt + questionOpenMs(clock);
    const question = (await getTournamentQuestions(tournamentId))[n - 1];
    if (!question) return 'missing';
    opened = await openQuestion(tournamentId, n, iso(openAt), iso(closeAt));
    if (opened) {
      const sent = await pushQuestionOpen(t, n, question, openAt, closeAt);
      log.info('live match: question open', { tournamentId, n, sent });
    }
    t = await getTournament(tournamentId, true);
    if (!t) return 'missing';
  }
  // Not this question's turn (the match is waiting, or this is an old redelivery).
  if (t.match_question !== n || (t.match_status !== 'open' && t.match_status !== 'closed')) return t.match_status === 'waiting' ? 'not-started' : 'stale';
  // Reopened by the resume job (a stop or crash left it open past its close): announced once, with its fresh window.
  if (t.reopened_question === n && (await claimReopenAnnouncement(tournamentId, n))) {
    const question = (await getTournamentQuestions(tournamentId))[n - 1];
    if (question) await pushQuestionOpen(t, n, question, Date.parse(t.open_at!), Date.parse(t.close_at!));
  }

  await deps.sleep(Date.parse(t.close_at!) - deps.now());
  const closedNow = await closeQuestion(tournamentId, n, t.close_at!);
  if (!closedNow) {
    // Reopened meanwhile (the match was resumed): that question's own runner closes and scores it.
    const current = await getTournament(tournamentId, true);
    if (current?.match_question === n && current.match_status === 'open') return 'stale';
  }

  // Scoring is idempotent (each player's mark), so a redelivery may safely redo it.
  const answers = await answersOf(tournamentId, n);
  await eachLimited(answers, (answer) => scoreAnswer(tournamentId, answer));
  const players = await playersOfTournament(tournamentId);
  const byId = new Map(players.map((p) => [p.userId, p]));
  const ranked = rank(players.map(playerStanding));
  const questions = await getTournamentQuestions(tournamentId);
  const standings: StoredStandings = {
    number: n,
    correct_answer: questions[n - 1]?.correct_answer ?? '',
    top: ranked.slice(0, TOP_RANKINGS).map((s) => ({ ...rankingRow({ ...s, email: byId.get(s.userId)?.email ?? '' }), user_id: s.userId })),
    ranks: Object.fromEntries(ranked.map((s) => [s.userId, s.rank])),
    players: ranked.length,
  };
  await putStandings(tournamentId, standings);
  const last = n >= t.question_count;
  if (last) await finishMatch(tournamentId, n);

  if (closedNow) {
    const top = standings.top.map(({ user_id: _id, ...row }) => row);
    const nextOpen = last ? null : iso(Math.max(nextOpenAt(clock, n + 1, closeOf(t)), deps.now()));
    await pushToTopic(topic, {
      type: MATCH_MESSAGE_TYPES.standings,
      data: { tournament_id: tournamentId, number: n, total: t.question_count, correct_answer: standings.correct_answer, top, players: standings.players, next_open_at: nextOpen },
    });
    // Each player's own place, to their own connections (the topic carries only the top 10).
    await eachLimited(ranked, (s) =>
      pushToUser(s.userId, { type: MATCH_MESSAGE_TYPES.myStanding, data: { tournament_id: tournamentId, number: n, rank: s.rank, score: s.score, correct: s.correct } }),
    );
    if (last) await pushToTopic(topic, { type: MATCH_MESSAGE_TYPES.finished, data: { tournament_id: tournamentId, top, players: standings.players } });
  }
  if (!last) {
    // Hand on the next question unless another delivery already has (it would be open or past).
    const now = await getTournament(tournamentId, true);
    if (now && now.match_question === n) await deps.next(tournamentId, n + 1);
  }
  return opened ? 'opened-and-closed' : 'closed-only';
}
