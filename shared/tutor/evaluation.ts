import * as z from 'zod';
import { SUBJECTS } from '../constants.ts';
import { TUTOR_ABSTAIN_PREFIX, TUTOR_MESSAGES, TUTOR_SUBJECTS } from './tutor.ts';

/**
 * The tutor's evaluation: a fixed set of questions a student would type
 * (eval/tutor-questions.json), each with the fact a right answer states, and the grader that
 * sorts every answer into exactly one of three outcomes:
 * - abstained: the tutor said it does not know (not grounded, or an answer that opens with
 *   "I'm not sure", or one of the texts in docs/ai.md) — honest, never counted as right;
 * - right: not abstained, and the answer's own text (citation marks and the Sources line left
 *   out) holds every term of at least one accepted alternative, each as a whole word;
 * - wrong: everything else — the tutor asserted something that is not the expected fact.
 * Pure, so the rules are unit-tested and the script only runs the tutor and counts.
 */
export const QUESTION_TYPES = ['who', 'what', 'when', 'where', 'which', 'how-many', 'why', 'explain', 'compare'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const evalQuestionSchema = z.object({
  id: z.string().regex(/^[a-z]+(?:-[a-z0-9]+)+$/),
  subject: z.enum(SUBJECTS),
  /** The subject chosen in the chat's selector when asking (General Help for some, as students do). */
  askAs: z.enum(TUTOR_SUBJECTS),
  type: z.enum(QUESTION_TYPES),
  /** capital, currency, language, border, superlative, date, person, text, festival, place, … */
  topic: z.string().min(1),
  /** "novel": phrased unlike any question of the bank, as a student would type it. */
  phrasing: z.enum(['bank', 'novel']),
  question: z.string().min(3),
  /** Alternatives; an alternative is right when every one of its terms is found; "a|b" is one term spelt two ways. */
  accept: z.array(z.array(z.string().min(1)).min(1)).min(1),
  /** Where the expected fact was checked by hand: "repo: …" (country data, bank, guide) or "general: …". */
  source: z.string().regex(/^(?:repo|general): /),
});
export type EvalQuestion = z.infer<typeof evalQuestionSchema>;

export const evalSetSchema = z
  .object({ version: z.number().int(), description: z.string(), questions: z.array(evalQuestionSchema).min(150) })
  .refine((set) => new Set(set.questions.map((q) => q.id)).size === set.questions.length, 'question ids are unique');
export type EvalSet = z.infer<typeof evalSetSchema>;

export type Outcome = 'right' | 'wrong' | 'abstained';

/** Lower case, accents and apostrophe shapes folded, anything but letters, digits and number punctuation made a space. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/ł/gi, 'l')
    .toLowerCase()
    .replace(/[^a-z0-9',.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The answer's own words: the Sources line and the [n] marks are the tutor's bookkeeping, not its claims. */
export function answerBody(response: string): string {
  return (response.split(/\n\s*Sources:/)[0] ?? response).replace(/\s*\[\d+\]/g, '');
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A term as a whole word or phrase ("Abraham" is not found in "Abrahamic"; a plural -s/-es still counts). */
export function containsTerm(body: string, term: string): boolean {
  const text = ` ${normalise(body)} `;
  return term.split('|').some((variant) => {
    const wanted = normalise(variant).replace(/[.,]+$/, '');
    if (!wanted) return false;
    return new RegExp(`(?<![a-z0-9])${escape(wanted)}(?:s|es)?(?![a-z0-9])`).test(text);
  });
}

const ABSTENTIONS: readonly string[] = [TUTOR_MESSAGES.nothingFound, TUTOR_MESSAGES.noContent, TUTOR_MESSAGES.connection];

export function isAbstention(response: string, grounded: boolean): boolean {
  const text = response.trim();
  return !grounded || text.startsWith(TUTOR_ABSTAIN_PREFIX) || ABSTENTIONS.includes(text);
}

export function grade(question: Pick<EvalQuestion, 'accept'>, answer: { response: string; grounded: boolean }): Outcome {
  if (isAbstention(answer.response, answer.grounded)) return 'abstained';
  const body = answerBody(answer.response);
  return question.accept.some((terms) => terms.every((term) => containsTerm(body, term))) ? 'right' : 'wrong';
}

/** Nearest-rank percentile (p in 0..100) of a list of numbers; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface Tally {
  right: number;
  wrong: number;
  abstained: number;
}

/** Outcomes counted per value of a key (subject, type, phrasing) and overall. */
export function tally<T>(rows: readonly T[], outcome: (row: T) => Outcome, key: (row: T) => string): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const row of rows) {
    for (const k of new Set(['all', key(row)])) {
      const t = out.get(k) ?? { right: 0, wrong: 0, abstained: 0 };
      t[outcome(row)] += 1;
      out.set(k, t);
    }
  }
  return out;
}

/** "right 140 (93.3 %), wrong 2 (1.3 %), abstained 8 (5.3 %) of 150". */
export function describeTally(t: Tally): string {
  const total = t.right + t.wrong + t.abstained;
  const pct = (n: number) => `${total ? ((100 * n) / total).toFixed(1) : '0.0'} %`;
  return `right ${t.right} (${pct(t.right)}), wrong ${t.wrong} (${pct(t.wrong)}), abstained ${t.abstained} (${pct(t.abstained)}) of ${total}`;
}
