import { type ReviewItem, reviewListSchema } from '#shared/review/review.ts';
import { listBookmarks, questionsByIds } from './data/reviews.ts';
import { questionsHeld } from '../quiz/left-rounds.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, respond } from '../lib/http.ts';

/**
 * GET /api/review: the caller's bookmarked questions, newest first, each with its correct
 * answer, explanation and the caller's notes. A question still waiting for its answer in
 * one of the caller's rounds in play is left out until it is answered or the round is left
 * (no answer key before the answer); retired questions are left out.
 */
export const handler = httpHandler(async (event) => {
  const profile = await requireCaller(event);
  const now = new Date();
  const [bookmarks, inPlay] = await Promise.all([listBookmarks(profile.user_id), questionsHeld(profile.user_id, now)]);
  const shown = bookmarks.filter((bookmark) => !inPlay.has(bookmark.id));
  const questions = await questionsByIds(shown.map((bookmark) => bookmark.id));
  const items: ReviewItem[] = shown.flatMap((bookmark) => {
    const question = questions.get(bookmark.id);
    if (!question) return [];
    return [
      {
        questionId: bookmark.id,
        subject: question.subject,
        level: question.level,
        question: question.question,
        options: question.options,
        correctAnswer: question.correct_answer,
        explanation: question.explanation,
        notes: bookmark.notes,
        bookmarkedAt: bookmark.createdAt,
      },
    ];
  });
  return respond(reviewListSchema, { items, held: bookmarks.length - shown.length });
});
