import { EXPLANATION_MESSAGES as M, explanationKey, fallbackExplanation, type Explanation } from '#shared/explanations/explanations.ts';
import type { Level, Subject } from '#shared/constants.ts';
import { revealsScored, scoredQuestionAnswered, STUDY_HELP_MESSAGES, type ScoredQuestion } from '#shared/study-help/scored-questions.ts';
import { knowledgeBase, textGenerator } from '../ai/index.ts';
import { cacheExplanation, getCachedExplanation } from './data/explanations.ts';
import { enforceAccountRateLimit } from '../lib/data/rate-limits.ts';
import { getRound } from '../quiz/data/rounds.ts';
import { guardedKnowledgeBase } from '../knowledge/scored-questions.ts';
import { Conflict, NotFound, Unavailable } from '../lib/errors.ts';
import { log } from '../lib/log.ts';
import { countMetric, METRIC } from '../lib/metrics.ts';
import { composeExplanation } from './compose.ts';

/** A question of a finished round of the caller's, as the server stored it (answer key included). */
export interface AnsweredQuestion {
  readonly roundId: string;
  readonly questionId: string;
  readonly question: string;
  readonly options: readonly string[];
  readonly correctAnswer: string;
  readonly chosenAnswer: string | null;
  readonly subject: Subject;
  readonly level: Level;
  readonly topic: string;
  readonly imageUrl: string | null;
  readonly imageCaption: string | null;
}

/**
 * Reads the question and the answer given from the caller's own round: another account's round
 * is not found (the key is in the caller's partition), a round still in play is refused (its
 * answers must not leak), and so is a question answered correctly. `claimed`, when sent, must
 * be the answer recorded.
 */
export async function answeredQuestion(userId: string, roundId: string, questionId: string, claimed?: string | null): Promise<AnsweredQuestion> {
  const round = await getRound(userId, roundId);
  if (!round) throw new NotFound(M.roundNotFound);
  if (round.status !== 'finished') throw new Conflict(M.roundActive, 'round_active');
  const index = round.questions.findIndex((q) => q.id === questionId);
  const question = round.questions[index];
  if (!question) throw new NotFound(M.questionNotFound);
  const answer = round.answers[index];
  if (answer?.correct) throw new Conflict(M.answeredCorrectly, 'answered_correctly');
  const chosen = answer?.answer ?? null;
  if (claimed !== undefined && claimed !== chosen) throw new Conflict(M.answerMismatch, 'answer_mismatch');
  return {
    roundId,
    questionId,
    question: question.question,
    options: question.options,
    correctAnswer: question.correct_answer,
    chosenAnswer: chosen,
    subject: round.subject,
    level: question.level,
    topic: question.topic,
    imageUrl: question.image_url,
    imageCaption: question.image_caption,
  };
}

export interface ExplainResult {
  readonly explanation: Explanation;
  readonly cached: boolean;
  readonly fallback: boolean;
  readonly videoId: string;
}

/**
 * The explanation of one answered question: from the cache when there is one (no generation,
 * `cached: true`), else grounded in the knowledge base and cached; with nothing relevant found,
 * the fallback in docs/ai.md (not cached: the knowledge base may learn it later). A failing AI layer is a
 * 503 with the message in docs/ai.md; the page then shows its fallback and Try Again.
 */
export async function explain(userId: string, q: AnsweredQuestion, now = new Date(), scored: readonly ScoredQuestion[] = []): Promise<ExplainResult> {
  // The same question still earning the caller points elsewhere (a live match, a round in play): not yet.
  if (scoredQuestionAnswered({ id: q.questionId, question: q.question, correctAnswer: q.correctAnswer }, scored)) throw new Conflict(STUDY_HELP_MESSAGES.explanationHeld, 'question_in_play');
  const key = explanationKey({ id: q.questionId, question: q.question, options: q.options, correct_answer: q.correctAnswer }, q.chosenAnswer);
  const hit = await getCachedExplanation(key);
  // A cached explanation citing a passage that gives a scored question away is written again without it, for this caller only.
  let held = hit ? hit.sources.some((c) => revealsScored({ text: c.excerpt, source: c }, scored)) : false;
  if (hit && !held) return { explanation: hit, cached: true, fallback: false, videoId: key.videoId };

  await enforceAccountRateLimit('explanationGenerate', userId, now.getTime());
  let composed: Explanation | null;
  try {
    composed = await composeExplanation(q, { knowledgeBase: guardedKnowledgeBase(knowledgeBase(), scored, () => (held = true)), generator: await textGenerator(), now });
  } catch (error) {
    log.error('explanation generation failed', { questionId: q.questionId, error: error instanceof Error ? error.message : String(error) });
    countMetric(METRIC.aiFallbacks);
    throw new Unavailable(M.failed);
  }
  if (!composed) {
    countMetric(METRIC.aiFallbacks);
    return { explanation: fallbackExplanation({ ...q, now }), cached: false, fallback: true, videoId: key.videoId };
  }
  // Written with passages held back for this caller: not the shared cache's entry.
  if (held) return { explanation: composed, cached: false, fallback: false, videoId: key.videoId };
  const stored = await cacheExplanation(key, composed, q);
  return { explanation: stored, cached: false, fallback: false, videoId: key.videoId };
}
