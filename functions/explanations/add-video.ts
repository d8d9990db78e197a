import { addVideoRequestSchema, VIDEO_MESSAGES, videoAddedSchema } from '#shared/explanations/explanations.ts';
import { addVideo } from './data/videos.ts';
import { AppError, Conflict } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { scoredQuestionsFor } from '../knowledge/scored-questions.ts';
import { requireVideoCaller } from './access.ts';
import { answeredQuestion, explain } from './explain.ts';
import { videoItem } from './video-items.ts';

/**
 * POST /api/videos {roundId, questionId}: Add to Video Library. The explanation of a wrong answer
 * of the caller's finished round (cached or generated, as POST /api/explanations) becomes a video
 * of the library, with the question as it was (rounds expire; the library stays). 201 when added,
 * 200 when it was there already; 422 when no source explains it (no video of the fallback).
 */
export const handler = httpHandler(async (event) => {
  const input = parseBody(event, addVideoRequestSchema);
  const me = await requireVideoCaller(event);
  const question = await answeredQuestion(me.user_id, input.roundId, input.questionId);
  // Nothing that gives away a question still earning this caller points.
  const result = await explain(me.user_id, question, new Date(), await scoredQuestionsFor(me));
  if (result.fallback) throw new AppError(422, 'no_source', VIDEO_MESSAGES.noSource);
  const outcome = await addVideo(me.user_id, {
    id: result.videoId,
    question: question.question,
    subject: question.subject,
    level: question.level,
    topic: question.topic,
    correctAnswer: question.correctAnswer,
    chosenAnswer: question.chosenAnswer,
    imageUrl: question.imageUrl,
    imageCaption: question.imageCaption,
    explanation: result.explanation,
    addedAt: new Date().toISOString(),
  });
  if (outcome === 'full') throw new Conflict(VIDEO_MESSAGES.libraryFull, 'library_full');
  if (outcome === 'busy') throw new Conflict(VIDEO_MESSAGES.busy, 'busy');
  const item = await videoItem(me.user_id, result.videoId);
  return respond(videoAddedSchema, { item, added: outcome === 'added', cached: result.cached }, outcome === 'added' ? 201 : 200);
});
