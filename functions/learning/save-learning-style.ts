import { learningStyleResultSchema } from '#shared/learning/api.ts';
import { learningStyleAnswersSchema, scoreLearningStyle, type LearningStyleResult } from '#shared/learning/learning.ts';
import { saveLearningStyle } from './data/learning.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { requireLearner } from './access.ts';

/** PUT /api/learning/style: the five answers (option index per question); the server scores them and saves the result. */
export const handler = httpHandler(async (event) => {
  const { answers } = parseBody(event, learningStyleAnswersSchema);
  const me = await requireLearner(event);
  const { style, breakdown } = scoreLearningStyle(answers);
  const result: LearningStyleResult = { learning_style: style, assessment_completed: true, assessment_date: new Date().toISOString(), style_breakdown: breakdown };
  await saveLearningStyle(me.user_id, result);
  return respond(learningStyleResultSchema, { result });
});
