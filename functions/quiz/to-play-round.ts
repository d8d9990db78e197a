import type { Round } from '#shared/quiz/contracts.ts';
import { resumePoint } from '#shared/quiz/round-life.ts';
import type { StoredRound } from './data/rounds.ts';

type PlayQuestion = Round['questions'][number];

/** What the browser may see of a question before answering it: no answer key, explanation or topic. */
export function toPlayQuestion(q: StoredRound['questions'][number]): PlayQuestion {
  return {
    id: q.id,
    level: q.level,
    question: q.question,
    options: q.options,
    question_type: q.question_type,
    image_url: q.image_url,
    image_caption: q.image_caption,
  };
}

/** What the browser may see of a round, and where it goes on (a resumed one). */
export function toPlayRound(round: StoredRound, now = Date.now()): Round {
  return {
    roundId: round.roundId,
    subject: round.subject,
    level: round.level,
    mode: round.mode,
    startedAt: round.startedAt,
    deadline: round.deadline,
    ...(round.timeMultiplier !== undefined ? { timeMultiplier: round.timeMultiplier } : {}),
    questions: round.questions.map(toPlayQuestion),
    ...resumePoint(round),
    serverNow: now,
  };
}
