import { matchAnswerRequestSchema, matchAnswerResponseSchema } from '#shared/tournaments/api.ts';
import { isCorrect } from '#shared/quiz/grade.ts';
import { answerPoints, answerVerdict, TOURNAMENT_MESSAGES as M } from '#shared/tournaments/schedule.ts';
import { getPlayer, getTournament, getTournamentQuestions, putAnswer } from './data/tournaments.ts';
import { Conflict, Forbidden, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { requireLivePlayer, tournamentIdFrom } from './access.ts';

/**
 * POST /api/tournaments/{tournamentId}/answers: an answer to the open question, stamped with
 * the server's clock on arrival (nothing the browser sends says when). Refused when the
 * question is not the open one, when the player's window (standard × their multiplier) has
 * passed, or when the player already answered it. The reply says only that it was received:
 * whether it was right is told to everyone at the close.
 */
export const handler = httpHandler(async (event) => {
  const arrivedAt = Date.now();
  const body = parseBody(event, matchAnswerRequestSchema);
  const id = tournamentIdFrom(event);
  const profile = await requireLivePlayer(event, new Date(arrivedAt));
  const [tournament, player] = await Promise.all([getTournament(id, true), getPlayer(id, profile.user_id)]);
  if (!tournament) throw new NotFound(M.notFound);
  if (!player) throw new Forbidden(M.notRegistered, 'not_registered');

  const isOpen = tournament.match_status === 'open' && tournament.match_question === body.question;
  const openAt = tournament.open_at ? Date.parse(tournament.open_at) : null;
  // A late registrant's window never runs past the question's close for everyone.
  const closeAt = tournament.close_at ? Date.parse(tournament.close_at) : Number.POSITIVE_INFINITY;
  const windowMs = Math.min(Math.round(tournament.window_ms * player.multiplier), openAt === null ? Number.POSITIVE_INFINITY : closeAt - openAt);
  const verdict = answerVerdict({ at: arrivedAt, openAt, playerWindowMs: windowMs, open: isOpen });
  if (verdict === 'not_open') throw new Conflict(M.questionNotOpen, 'question_not_open');
  if (verdict === 'late') throw new Conflict(M.late, 'answer_late');

  const question = (await getTournamentQuestions(id))[body.question - 1];
  if (!question) throw new Conflict(M.questionNotOpen, 'question_not_open');
  const correct = isCorrect(question.correct_answer, body.answer);
  const elapsedMs = arrivedAt - openAt!;
  const outcome = await putAnswer(id, {
    user_id: profile.user_id,
    question: body.question,
    answer: body.answer,
    at: new Date(arrivedAt).toISOString(),
    elapsed_ms: elapsedMs,
    correct,
    points: answerPoints({ correct, elapsedMs, windowMs }),
  });
  if (outcome === 'duplicate') throw new Conflict(M.duplicate, 'answer_duplicate');
  if (outcome === 'not_open') throw new Conflict(M.late, 'answer_late');
  return respond(matchAnswerResponseSchema, { received: true, question: body.question, at: new Date(arrivedAt).toISOString() }, 202);
});
