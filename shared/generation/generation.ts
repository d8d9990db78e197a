import * as z from 'zod';
import { LEVELS, SUBJECTS } from '../constants.ts';
import { bankQuestionSchema, type BankQuestion } from '../quiz/question.ts';
import { countOf } from '../text/counts.ts';
import { STOP_WORDS } from '../text/stop-words.ts';
import { pathIdSchema } from '../validation/path-id.ts';

/**
 * Admin AI generation (docs/ai.md: question and study
 * guide generation, admin only, the calls generate-questions / generate-study-guide /
 * fact-check-guide): rules shared by the admin panels and the Lambdas.
 */

export const GENERATION_MESSAGES = {
  questionsFailed: 'Failed to generate questions',
  questionsDone: (n: number) => `Successfully generated ${countOf(n, 'question')}`,
  guideFailed: 'Failed to generate study guide',
  factCheckFailed: 'Failed to fact-check study guide',
  adminRequired: 'Admin privileges required',
  countRange: 'Count must be a number from 5 to 50',
  topicRequired: 'Topic is required',
  documentRequired: 'Choose a document or paste its content',
  contentTooShort: 'Content must be at least 50 characters',
  notFound: 'Generated question not found',
  notPending: 'This question has already been reviewed',
  guideNotPending: 'This study guide has already been reviewed',
  documentNotFound: 'Document not found',
  guideNotFound: 'Study guide not found',
  nothingGrounded: 'Nothing in the knowledge base matches this topic: add a document about it first',
  /** Refused before review, with the share found and the threshold. */
  offTopic: (percent: number, min: number) => `Only ${percent}% of what the knowledge base holds for it is about this topic (at least ${min}% must be): add documents on the topic first`,
  answerNotInSource: 'The answer must appear in the source passage',
  answerNotInOptions: 'The correct answer must be one of the options',
  optionsRepeated: 'Options must all be different',
  answerTwice: 'Exactly one option may be the correct answer',
  answerGivenAway: 'The question must not contain its answer',
} as const;

/** docs/ai.md: a number from 5 to 50, default 25, recommended 25-35. */
export const QUESTION_COUNT = { min: 5, max: 50, default: 25, recommended: [25, 35] } as const;

/** The count as the form and the API read it: missing or empty gives 25; anything else must be a whole number 5..50. */
export function parseQuestionCount(value: unknown): { ok: true; count: number } | { ok: false; message: string } {
  if (value === undefined || value === null || value === '') return { ok: true, count: QUESTION_COUNT.default };
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < QUESTION_COUNT.min || n > QUESTION_COUNT.max) return { ok: false, message: GENERATION_MESSAGES.countRange };
  return { ok: true, count: n };
}

export const isRecommendedCount = (count: number): boolean => count >= QUESTION_COUNT.recommended[0] && count <= QUESTION_COUNT.recommended[1];

/** docs/ai.md: short 500-800 words, medium 800-1500, comprehensive 1500+. */
export const GUIDE_LENGTHS = {
  short: { min: 500, max: 800 },
  medium: { min: 800, max: 1500 },
  comprehensive: { min: 1500, max: null },
} as const;
export type GuideLength = keyof typeof GUIDE_LENGTHS;
export const GUIDE_LENGTH_NAMES = Object.keys(GUIDE_LENGTHS) as GuideLength[];
/** What a comprehensive guide is capped at (the spec gives no upper bound; a model needs one). */
export const COMPREHENSIVE_CAP_WORDS = 2500;

/** The label shown beside each choice. */
export function guideLengthLabel(length: GuideLength): string {
  const { min, max } = GUIDE_LENGTHS[length];
  return `${length[0]!.toUpperCase()}${length.slice(1)} (${max === null ? `${min}+` : `${min}-${max}`} words)`;
}

/** The word budget a generator is given for a length. */
export function wordBudget(length: GuideLength): { min: number; max: number } {
  const { min, max } = GUIDE_LENGTHS[length];
  return { min, max: max ?? COMPREHENSIVE_CAP_WORDS };
}

/** Where a word count stands against the chosen length. */
export function lengthVerdict(words: number, length: GuideLength): 'short-of-range' | 'in-range' | 'over-range' {
  const { min, max } = GUIDE_LENGTHS[length];
  if (words < min) return 'short-of-range';
  if (max !== null && words > max) return 'over-range';
  return 'in-range';
}

export const countWords = (text: string): number => (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;

/** docs/ai.md: focus areas, comma-separated, each trimmed, empty entries dropped (and repeats, any case). */
export function parseFocusAreas(value: string | readonly string[] | undefined): string[] {
  const parts = value === undefined ? [] : typeof value === 'string' ? value.split(',') : value.flatMap((v) => v.split(','));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of parts) {
    const area = part.trim().replace(/\s+/g, ' ');
    if (!area || seen.has(area.toLowerCase())) continue;
    seen.add(area.toLowerCase());
    out.push(area);
  }
  return out;
}

/** POST /api/generation/questions (docs/ai.md: subject, content, level (beginner), count); a stored document or pasted content. */
export const generateQuestionsRequestSchema = z
  .object({
    documentId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,80}$/)
      .optional(),
    content: z.string().trim().max(50_000).optional(),
    subject: z.enum(SUBJECTS).optional(),
    level: z.enum(LEVELS).default('beginner'),
    count: z.unknown().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.documentId && !value.content) ctx.addIssue({ code: 'custom', path: ['documentId'], message: GENERATION_MESSAGES.documentRequired });
    if (!value.documentId && value.content !== undefined && value.content.length < 50) ctx.addIssue({ code: 'custom', path: ['content'], message: GENERATION_MESSAGES.contentTooShort });
    if (!value.documentId && !value.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'Subject is required' });
    const count = parseQuestionCount(value.count);
    if (!count.ok) ctx.addIssue({ code: 'custom', path: ['count'], message: count.message });
  })
  .transform((value) => ({ ...value, count: (parseQuestionCount(value.count) as { count: number }).count }));
export type GenerateQuestionsRequest = z.input<typeof generateQuestionsRequestSchema>;

/** POST /api/generation/guides (docs/ai.md: subject, topic, difficulty_level, focus_areas, length). */
export const generateGuideRequestSchema = z.object({
  subject: z.enum(SUBJECTS),
  difficulty_level: z.enum(LEVELS),
  topic: z.string().trim().min(1, GENERATION_MESSAGES.topicRequired).max(120),
  length: z.enum(GUIDE_LENGTH_NAMES as [GuideLength, ...GuideLength[]]).default('medium'),
  focus_areas: z
    .union([z.string().max(500), z.array(z.string().max(120)).max(20)])
    .optional()
    .transform((v) => parseFocusAreas(v)),
});
export type GenerateGuideRequest = z.input<typeof generateGuideRequestSchema>;

/** Where a generated question comes from: the passage its answer key is checked against. */
export const questionSourceSchema = z.object({
  documentId: z.string().nullable(),
  title: z.string(),
  chunkId: z.string(),
  passage: z.string(),
});
export type QuestionSource = z.infer<typeof questionSourceSchema>;

/** A generated question's id (`g` and its random part), as its review routes take it in their path. */
export const GENERATED_ID_PATTERN = /^g[a-z0-9]{8,40}$/;
export const generatedQuestionIdSchema = pathIdSchema(GENERATED_ID_PATTERN, 41);

export const GENERATED_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type GeneratedStatus = (typeof GENERATED_STATUSES)[number];

/** A question in the review queue (not yet in the bank: nothing draws it until it is approved). */
export const generatedQuestionSchema = z.object({
  id: z.string(),
  status: z.enum(GENERATED_STATUSES),
  subject: z.enum(SUBJECTS),
  level: z.enum(LEVELS),
  question: z.string(),
  options: z.array(z.string()),
  correct_answer: z.string(),
  topic: z.string(),
  explanation: z.string(),
  source: questionSourceSchema,
  generator: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  reviewed_at: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  /** The bank's public id once approved. */
  bank_question_id: z.string().nullable(),
});
export type GeneratedQuestion = z.infer<typeof generatedQuestionSchema>;

export const generateQuestionsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  questions: z.array(generatedQuestionSchema),
});

export const reviewQueueSchema = z.object({ questions: z.array(generatedQuestionSchema) });

/** Approve, optionally with the admin's edits (checked again with the bank's rules). */
export const approveRequestSchema = z.object({
  question: z.string().trim().optional(),
  options: z.array(z.string().trim()).optional(),
  correct_answer: z.string().trim().optional(),
  explanation: z.string().trim().optional(),
  topic: z.string().trim().optional(),
});
export type ApproveRequest = z.infer<typeof approveRequestSchema>;

export const reviewResponseSchema = z.object({ success: z.literal(true), message: z.string(), question: generatedQuestionSchema });

const normal = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Whether `phrase` occurs in `text` as whole words (any case, punctuation ignored). */
export function containsPhrase(text: string, phrase: string): boolean {
  const p = normal(phrase);
  if (!p) return false;
  return ` ${normal(text)} `.includes(` ${p} `);
}

export interface AnswerKeyInput {
  readonly question: string;
  readonly options: readonly string[];
  readonly correct_answer: string;
}

/**
 * The checks every generated question passes before it is queued and again when it is
 * approved: the answer key is in the source passage and not in the question, exactly one
 * option is the answer, and the options are unique (any case). For a cloze question (a blank "_____"), the
 * sentence with the blank filled by the answer must be in the passage too.
 * Returns the problems found (empty: fine).
 */
export function checkAnswerKey(input: AnswerKeyInput, passage: string): string[] {
  const problems: string[] = [];
  const answer = input.correct_answer.trim();
  const options = input.options.map((o) => o.trim());
  const lowered = options.map((o) => normal(o));
  if (new Set(lowered).size !== lowered.length) problems.push(GENERATION_MESSAGES.optionsRepeated);
  const matches = lowered.filter((o) => o === normal(answer)).length;
  if (matches === 0) problems.push(GENERATION_MESSAGES.answerNotInOptions);
  else if (matches > 1) problems.push(GENERATION_MESSAGES.answerTwice);
  // The question is shown before it is answered: it must not hold the answer itself.
  if (containsPhrase(input.question.replace(/_{3,}/g, ' '), answer)) problems.push(GENERATION_MESSAGES.answerGivenAway);
  if (!containsPhrase(passage, answer)) problems.push(GENERATION_MESSAGES.answerNotInSource);
  else {
    const blank = /_{3,}/.exec(input.question);
    if (blank) {
      // The stem around the blank is quoted from a sentence of the passage: filled in, it reads as the source.
      const stem = input.question.slice(input.question.lastIndexOf(':', blank.index) + 1);
      const filled = stem.replace(/_{3,}/, answer);
      if (!containsPhrase(passage, filled.replace(/[.?!]+\s*$/, ''))) problems.push(GENERATION_MESSAGES.answerNotInSource);
      // No wrong option may also complete the sentence as the passage has it.
      for (const option of options) {
        if (normal(option) === normal(answer)) continue;
        if (containsPhrase(passage, stem.replace(/_{3,}/, option).replace(/[.?!]+\s*$/, ''))) problems.push(GENERATION_MESSAGES.answerTwice);
      }
    }
  }
  return [...new Set(problems)];
}

/**
 * The bank's own rules (shared/quiz/question.ts, functions/questions/load-bank.ts): the
 * schema, the answer among the options, no repeated option. Returns the parsed question or
 * the problems found.
 */
export function validateForBank(candidate: unknown): { ok: true; question: BankQuestion } | { ok: false; problems: string[] } {
  const parsed = bankQuestionSchema.safeParse(candidate);
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join('.') || 'question'}: ${i.message}`) };
  const q = parsed.data;
  const problems: string[] = [];
  if (!q.options.includes(q.correct_answer)) problems.push(GENERATION_MESSAGES.answerNotInOptions);
  if (new Set(q.options).size !== q.options.length) problems.push(GENERATION_MESSAGES.optionsRepeated);
  return problems.length ? { ok: false, problems } : { ok: true, question: q };
}

/** A topic tag for the bank (`^[a-z0-9-]{2,40}$`) from a document category or a title. */
export function topicTag(value: string): string {
  const tag = value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return tag.length >= 2 ? tag : 'ai-generated';
}

// ---------------------------------------------------------------------------------------
// Study guides and fact check

export const guideSourceSchema = z.object({ kind: z.string(), id: z.string(), title: z.string() });

export const generatedGuideSchema = z.object({
  id: z.string(),
  subject: z.enum(SUBJECTS),
  level: z.enum(LEVELS),
  title: z.string(),
  topic: z.string(),
  summary: z.string(),
  content: z.array(z.string()),
  key_points: z.array(z.string()),
  check_questions: z.array(z.object({ question: z.string(), answer: z.string() })),
  created_at: z.string(),
  /**
   * The review: a generated guide waits as pending until an admin approves
   * it (optionally edited) into /study or rejects it. Absent on guides from before the queue,
   * which were already listed.
   */
  status: z.enum(GENERATED_STATUSES).optional(),
  reviewed_at: z.string().optional(),
  reviewed_by: z.string().optional(),
  metadata: z.object({
    ai_generated: z.literal(true),
    fact_checked: z.boolean(),
    sources: z.array(guideSourceSchema),
    key_points: z.array(z.string()),
    quiz_questions: z.array(z.object({ question: z.string(), answer: z.string() })),
    length: z.enum(GUIDE_LENGTH_NAMES as [GuideLength, ...GuideLength[]]),
    focus_areas: z.array(z.string()),
    word_count: z.number().int(),
    generator: z.string(),
    created_by: z.string(),
  }),
});
export type GeneratedGuide = z.infer<typeof generatedGuideSchema>;

/** The guides of one review status, newest first. */
export const guideReviewQueueSchema = z.object({ guides: z.array(generatedGuideSchema) });

/** Approve a generated guide, optionally with the admin's edits of its title, summary and paragraphs. */
export const approveGuideRequestSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200).optional(),
  summary: z.string().trim().max(300).optional(),
  content: z.array(z.string().trim().min(1).max(5000)).min(1, 'A guide needs at least one paragraph').max(60).optional(),
});
export type ApproveGuideRequest = z.infer<typeof approveGuideRequestSchema>;
export const guideReviewResponseSchema = z.object({ success: z.literal(true), message: z.string(), guide: generatedGuideSchema });

export const generateGuideResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  guide: generatedGuideSchema,
  /** Set when the knowledge base holds fewer words on the topic than the length asks for. */
  warning: z.string().nullable(),
});

export const claimSchema = z.object({
  sentence: z.string(),
  supported: z.boolean(),
  source: z.object({ kind: z.string(), id: z.string(), title: z.string(), excerpt: z.string() }).nullable(),
});
export type Claim = z.infer<typeof claimSchema>;

export const factCheckResultSchema = z.object({
  guideId: z.string(),
  checked_at: z.string(),
  claims: z.array(claimSchema),
  supported: z.number().int(),
  total: z.number().int(),
});
export type FactCheckResult = z.infer<typeof factCheckResultSchema>;
export const factCheckResponseSchema = z.object({ success: z.literal(true), message: z.string(), result: factCheckResultSchema });

/** The content words of a text (lower-cased, stop words and single letters dropped). */
export function contentWords(text: string): string[] {
  return normal(text)
    .split(' ')
    .map((w) => w.replace(/^'+|'+$/g, '').replace(/'s$/, ''))
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w));
}

/** The words that carry a claim's facts: numbers and capitalised names (not the sentence's first word alone). */
export function factWords(sentence: string): string[] {
  const tokens = sentence.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  return tokens
    .filter((t, i) => /\p{N}/u.test(t) || (/^\p{Lu}/u.test(t) && (i > 0 || !STOP_WORDS.has(t.toLowerCase()))))
    .map((t) => normal(t).replace(/'s$/, ''))
    .filter((t) => t.length > 0 && !STOP_WORDS.has(t));
}

/** How much of a sentence a passage covers: every fact word present, and most content words. */
export const SUPPORT_COVERAGE = 0.7;

/**
 * Whether a passage supports a sentence: each of its fact words (numbers, names) occurs in
 * the passage, and at least 70 % of its content words do. A sentence that changes a name or a
 * date ("The capital of Peru is Quito") is not supported, however similar its topic.
 */
export function supports(sentence: string, passage: string): boolean {
  const words = contentWords(sentence);
  if (words.length === 0) return false;
  const have = new Set(contentWords(passage));
  const facts = factWords(sentence);
  if (!facts.every((w) => have.has(w) || containsPhrase(passage, w))) return false;
  const covered = words.filter((w) => have.has(w)).length / words.length;
  return covered >= SUPPORT_COVERAGE;
}

/** The verdict on one sentence: the first passage that supports it, or unsupported. */
export function verdictFor<P extends { text: string }>(sentence: string, passages: readonly P[]): { supported: boolean; passage: P | null } {
  const passage = passages.find((p) => supports(sentence, p.text)) ?? null;
  return { supported: passage !== null, passage };
}
