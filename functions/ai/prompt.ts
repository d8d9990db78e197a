import type { GenerateRequest } from './types.ts';
import { describeSource } from './embedded-generator.ts';

/**
 * The prompt a language model (Bedrock or a local GGUF model) gets: the caller's instruction,
 * the passages numbered for citation, and the rule that it answers from them only.
 */
export interface Prompt {
  readonly system: string;
  readonly user: string;
}

export const GROUNDING_RULES = [
  'You are a careful tutor for a quiz-learning platform (geography, history, religion).',
  'Answer ONLY from the numbered passages below. Do not add facts that are not in them.',
  'Cite the passages you use as [n] after the sentence that uses them.',
  'Passages marked "country fact sheet" are structured facts from the country data; where another passage disagrees with one on a country\'s facts, the fact sheet is right.',
  'If the passages do not contain the answer, say so instead of guessing (for a tutor answer: begin with "I\'m not sure"), and name what the passages are about.',
].join(' ');

export function buildPrompt(request: GenerateRequest): Prompt {
  const passages = request.passages.map((p, i) => `[${i + 1}] ${describeSource(p.source)}: ${p.text}`).join('\n');
  const limit = request.maxWords ? `\nUse at most ${request.maxWords} words.` : '';
  return {
    system: `${GROUNDING_RULES}\n\nPassages:\n${passages}`,
    user: `${request.instruction}\n\n${request.query}${limit}`,
  };
}
