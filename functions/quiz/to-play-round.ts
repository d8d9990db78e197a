import type { Round } from '#shared/quiz/contracts.ts';
import type { StoredRound } from '../data/rounds.ts';

/** What the browser may see of a round: no answer key, no explanations. */
export function toPlayRound(round: StoredRound): Round {
  return {
    roundId: round.roundId,
    subject: round.subject,
    level: round.level,
    mode: round.mode,
    startedAt: round.startedAt,
    deadline: round.deadline,
    questions: round.questions.map((q) => ({
      id: q.id,
      level: q.level,
      question: q.question,
      options: q.options,
      topic: q.topic,
      question_type: q.question_type,
      image_url: q.image_url,
      image_caption: q.image_caption,
    })),
  };
}
