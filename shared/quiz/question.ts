import * as z from 'zod';
import { LEVELS, SUBJECTS } from '../constants.ts';

/**
 * A question as the bank stores it (the spec's fields plus topic and explanation; docs/quiz.md). The answer
 * key and explanation stay on the server until the question is answered.
 */
export const bankQuestionSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{3,64}$/),
  subject: z.enum(SUBJECTS),
  level: z.enum(LEVELS),
  question: z.string().min(5).max(300),
  options: z.array(z.string().min(1).max(120)).min(2).max(6),
  correct_answer: z.string().min(1),
  topic: z.string().regex(/^[a-z0-9-]{2,40}$/),
  explanation: z.string().min(10).max(400),
  question_type: z.enum(['text', 'image']).default('text'),
  image_url: z.string().nullable().default(null),
  image_caption: z.string().nullable().default(null),
});
export type BankQuestion = z.infer<typeof bankQuestionSchema>;

/**
 * What the browser sees of a question before answering it. Not the topic: for some
 * questions it is the answer ("jainism" on "which religion…"); the review shows it after.
 */
export const playQuestionSchema = bankQuestionSchema.pick({
  id: true,
  question: true,
  options: true,
  question_type: true,
  image_url: true,
  image_caption: true,
});
export type PlayQuestion = z.infer<typeof playQuestionSchema>;
