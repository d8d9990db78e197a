import { revealsScored, type ScoredQuestion } from '#shared/study-help/scored-questions.ts';
import { textGenerator } from '../ai/index.ts';
import type { KnowledgeBase } from '../ai/types.ts';
import type { TutorDeps } from './answer.ts';
import { countryFacts } from './country-facts.ts';

/**
 * What the tutor answers with in the product: the given knowledge base (the route passes it
 * guarded against the caller's scored questions, which the fact answers are checked against
 * too), the configured generator and the country facts read from the knowledge base's fact
 * sheets. One place, so the evaluation (scripts/eval-tutor.ts) runs exactly what POST /api/tutor/chat runs.
 */
export function tutorDeps(knowledgeBase: KnowledgeBase, scored: readonly ScoredQuestion[] = []): TutorDeps {
  return { knowledgeBase, generator: textGenerator, countryFacts, withholds: (passage) => scored.length > 0 && revealsScored(passage, scored) };
}
