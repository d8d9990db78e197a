import { TUTOR_ABSTAIN_PREFIX } from './tutor.ts';

/**
 * How a language model's tutor answer is held to its grounding (docs/ai.md): the instruction
 * it gets (answer from the numbered passages and fact sheets only, cite each sentence as [n],
 * open with the abstention when they do not hold the answer), and the reading of its reply:
 * which passages it cited, whether it abstained, which sentences carry no citation. Pure, so
 * the rules are unit-tested without a model.
 */
export const TUTOR_MODEL_INSTRUCTION = [
  'You are a patient tutor for school students.',
  'Answer the question in at most 120 words, using only the numbered passages; passages marked "country fact sheet" are structured facts from the country data and settle capitals, currencies, languages, borders and areas.',
  'End every sentence that states a fact with the number of the passage it comes from, as [1].',
  `If the passages do not contain the answer, do not guess: reply with one sentence that begins "${TUTOR_ABSTAIN_PREFIX}" and names what the passages are about.`,
  'Finish with a line "Sources:" listing the passages you cited, as "[1] title".',
].join(' ');

export interface CitedAnswer {
  /** The answer without its Sources line. */
  readonly body: string;
  /** The passage numbers cited in the body, first use first, each once; only numbers of passages given. */
  readonly cited: readonly number[];
  /** Numbers cited that name no passage given (a model inventing a source). */
  readonly invalid: readonly number[];
  /** The model said it is not sure. */
  readonly abstained: boolean;
  /** Sentences of the body that state something with no citation. */
  readonly uncited: readonly string[];
}

/** Reads a model's reply given `passages` numbered passages. */
export function parseCitedAnswer(reply: string, passages: number): CitedAnswer {
  const body = (reply.split(/\n\s*Sources:/)[0] ?? reply).trim();
  const cited: number[] = [];
  const invalid: number[] = [];
  for (const m of body.matchAll(/\[(\d+(?:\s*,\s*\d+)*)\]/g)) {
    for (const n of m[1]!.split(',').map((x) => Number(x.trim()))) {
      const list = n >= 1 && n <= passages ? cited : invalid;
      if (!list.includes(n)) list.push(n);
    }
  }
  const sentences = body
    .split(/(?<=[.!?](?:\s*\[\d+(?:\s*,\s*\d+)*\])*)\s+(?=[\p{Lu}"“])/u)
    .map((s) => s.trim())
    .filter(Boolean);
  const uncited = sentences.filter((s) => !/\[\d+(?:\s*,\s*\d+)*\]/.test(s));
  return { body, cited, invalid, abstained: body.startsWith(TUTOR_ABSTAIN_PREFIX), uncited };
}

/** Whether a reply may be shown as grounded: not an abstention, cites only passages given, and every sentence cites one. */
export function isGroundedReply(answer: CitedAnswer): boolean {
  return !answer.abstained && answer.cited.length > 0 && answer.invalid.length === 0 && answer.uncited.length === 0;
}
