import { type MatchState, matchStateSchema } from '#shared/tournaments/api.ts';
import { playQuestionSchema } from '#shared/quiz/question.ts';
import { questionSlot, TOURNAMENT_MESSAGES as M } from '#shared/tournaments/schedule.ts';
import { getAnswer, getPlayer, getStandings, getTournament, getTournamentQuestions } from './data/tournaments.ts';
import { Forbidden, NotFound } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { requireLivePlayer, tournamentIdFrom } from './access.ts';
import { clockOf, toTournamentView, topRows } from './views.ts';

/**
 * GET /api/tournaments/{tournamentId}/match: everything a (re)joining registered player
 * needs, on the server's clock: the open question without its answer key, its open and
 * close instants (the browser counts down from these and the server's `now`), the player's
 * score and rank, and the top 10 after the last closed question. A refresh loses nothing:
 * the score lives on the server.
 */
export const handler = httpHandler(async (event) => {
  const now = new Date();
  const id = tournamentIdFrom(event);
  const profile = await requireLivePlayer(event, now);
  const [tournament, player] = await Promise.all([getTournament(id, true), getPlayer(id, profile.user_id)]);
  if (!tournament) throw new NotFound(M.notFound);
  if (!player) throw new Forbidden(M.notRegistered, 'not_registered');
  const standings = await getStandings(id);

  const status = tournament.match_status === 'starting' ? 'waiting' : tournament.match_status;
  const open = status === 'open' && tournament.open_at !== null && tournament.close_at !== null && now.getTime() < Date.parse(tournament.close_at);
  let question: MatchState['question'] = null;
  let answeredCurrent = false;
  if (open) {
    const [questions, answer] = await Promise.all([getTournamentQuestions(id), getAnswer(id, tournament.match_question, profile.user_id)]);
    const stored = questions[tournament.match_question - 1];
    if (stored) {
      question = {
        number: tournament.match_question,
        total: tournament.question_count,
        open_at: tournament.open_at!,
        close_at: tournament.close_at!,
        window_ms: tournament.window_ms,
        // Only the fields a player may see before the close: never the answer key.
        question: playQuestionSchema.parse({ ...stored, id: `live-q${tournament.match_question}` }),
      };
      answeredCurrent = answer !== undefined;
    }
  }
  const clock = clockOf(tournament);
  const nextNumber = tournament.match_question + 1;
  const nextOpenAt =
    status === 'finished' || nextNumber > tournament.question_count || open ? null : new Date(Math.max(questionSlot(clock, nextNumber).openAt, now.getTime())).toISOString();

  const state: MatchState = {
    tournament: toTournamentView(tournament, true, now),
    now: now.toISOString(),
    status,
    question,
    last_closed: standings ? { number: standings.number, correct_answer: standings.correct_answer } : null,
    next_open_at: nextOpenAt,
    me: {
      score: player.score,
      correct: player.correct,
      answered: player.answered,
      rank: standings?.ranks[profile.user_id] ?? null,
      window_ms: Math.round(tournament.window_ms * player.multiplier),
      answered_current: answeredCurrent,
    },
    top: topRows(standings, profile.user_id),
    players: tournament.participants,
  };
  return respond(matchStateSchema, state);
});
