import { textGenerator } from '../ai/index.ts';
import type { KnowledgeBase } from '../ai/types.ts';
import type { TutorDeps } from './answer.ts';

/**
 * What the tutor answers with in the product: the given knowledge base (the route passes it
 * guarded against the caller's scored questions) and the configured generator. One place, so
 * the evaluation (scripts/eval-tutor.ts) runs exactly what POST /api/tutor/chat runs.
 */
export function tutorDeps(knowledgeBase: KnowledgeBase): TutorDeps {
  return { knowledgeBase, generator: textGenerator };
}
