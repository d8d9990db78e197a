import { notesRequestSchema, notesResponseSchema, REVIEW_MESSAGES, sanitiseNotes } from '#shared/review/review.ts';
import * as z from 'zod';
import { saveNotes } from './data/reviews.ts';
import { requireCaller } from '../lib/caller.ts';
import { BadRequest, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { questionIdFrom } from './question-path.ts';

/**
 * PUT /api/review/{questionId}/notes: the notes of one of the caller's own bookmarks
 * (docs/learning.md: a string of at most 5000 characters, sanitised before saving). Another user's or
 * a missing bookmark is 404: the key is the caller's own partition.
 */
export const handler = httpHandler(async (event) => {
  const questionId = questionIdFrom(event, REVIEW_MESSAGES.notBookmarked);
  const body = parseBody(event, z.unknown());
  const parsed = notesRequestSchema.safeParse(body);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.code === 'too_big' ? REVIEW_MESSAGES.notesTooLong : REVIEW_MESSAGES.notesFormat;
    throw new BadRequest(message, { notes: message });
  }
  const profile = await requireCaller(event);
  const notes = sanitiseNotes(parsed.data.notes);
  if (!(await saveNotes(profile.user_id, questionId, notes, new Date()))) throw new NotFound(REVIEW_MESSAGES.notBookmarked);
  return respond(notesResponseSchema, { notes });
});
