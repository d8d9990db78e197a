import * as z from 'zod';
import { SUBJECTS } from '../constants.ts';
import { DEFAULT_MAX_RESULTS, DEFAULT_THRESHOLD, SIMILARITY_THRESHOLDS } from './similarity.ts';
import { pathIdSchema, UUID_V4 } from '../validation/path-id.ts';

/** The knowledge base's documents (docs/ai.md): the rules and every message, written once. */
export const DOCUMENT_LIMITS = {
  contentMax: 50_000,
  /** The form's hint: "content minimum 50 characters". */
  contentMin: 50,
  titleMax: 200,
  categoryMax: 60,
  batchSize: 10,
  /** Between batches of 10 when more are sent (the web client's pace). */
  batchDelayMs: 1000,
  searchDebounceMs: 300,
  queryMax: 500,
  maxResultsMax: 20,
} as const;

export const DOCUMENT_MESSAGES = {
  titleRequired: 'Document title is required',
  contentRequired: 'Document content is required',
  subjectRequired: 'Document subject is required',
  categoryRequired: 'Document category is required',
  contentTooLong: 'Content is too long (maximum 50,000 characters)',
  /** Not a message of the spec: its form hint ("content minimum 50 characters") as a rule. */
  contentTooShort: 'Content must be at least 50 characters',
  invalidAfterSanitising: 'Invalid content after security validation',
  authRequired: 'Authentication required',
  verifyFailed: 'Failed to verify user permissions',
  adminRequired: 'Admin privileges required to add documents',
  noDocuments: 'No documents to add',
  missingField: (index: number) => `Document at index ${index} missing title/content/subject/category`,
  insertFailed: (message: string) => `Failed to insert documents: ${message}`,
  unexpected: 'An unexpected error occurred while adding documents',
  searchFailed: 'Failed to search documents',
  questionSearchFailed: 'Failed to search questions',
  notFound: 'Document not found',
  /** A path id that no document could have (too long, or not of the shape documents get). */
  invalidId: 'Invalid document id',
  notRetryable: 'Only a document whose embedding failed can be retried',
  /** Not in the spec: a request may carry one batch. */
  tooMany: `At most ${10} documents can be added at once`,
  queryRequired: 'Enter something to search for',
  queryTooLong: `Search for at most ${DOCUMENT_LIMITS.queryMax} characters`,
} as const;

/** A document's id, as adding one makes it (`randomUUID`); a retry's path takes nothing else. */
export const documentIdSchema = pathIdSchema(UUID_V4, 36, DOCUMENT_MESSAGES.invalidId);

export const DOCUMENT_HINTS = {
  content: 'Minimum 50 characters',
  category: 'Lowercase with hyphens, e.g. world-history',
} as const;

/**
 * Title and content lose markup: tags (with a script's or style's body), stray angle brackets
 * and control characters; whitespace runs inside a line collapse. What is left is plain text.
 */
export function sanitiseText(text: string): string {
  return text
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/?[a-z!][^>]*>/gi, ' ')
    .replace(/[<>]/g, ' ')
    .replace(/javascript:/gi, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The category keeps letters, digits, hyphen, underscore and whitespace; stored lower case with hyphens. */
export function sanitiseCategory(category: string): string {
  return category
    .replace(/[^\p{L}\p{N}\-_\s]/gu, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-');
}

const required = (message: string) => z.string(message).trim().min(1, message);

/** One document as the form and the API take it, sanitised on the way in. */
export const documentInputSchema = z
  .object({
    title: required(DOCUMENT_MESSAGES.titleRequired).max(DOCUMENT_LIMITS.titleMax, `Title is too long (maximum ${DOCUMENT_LIMITS.titleMax} characters)`),
    content: required(DOCUMENT_MESSAGES.contentRequired)
      .min(DOCUMENT_LIMITS.contentMin, DOCUMENT_MESSAGES.contentTooShort)
      .max(DOCUMENT_LIMITS.contentMax, DOCUMENT_MESSAGES.contentTooLong),
    subject: z.enum(SUBJECTS, DOCUMENT_MESSAGES.subjectRequired),
    category: required(DOCUMENT_MESSAGES.categoryRequired).max(DOCUMENT_LIMITS.categoryMax, `Category is too long (maximum ${DOCUMENT_LIMITS.categoryMax} characters)`),
  })
  .transform((doc, ctx) => {
    const title = sanitiseText(doc.title).replace(/\s+/g, ' ');
    const content = sanitiseText(doc.content);
    const category = sanitiseCategory(doc.category);
    for (const [field, value] of [['title', title], ['content', content], ['category', category]] as const) {
      if (!value) ctx.addIssue({ code: 'custom', path: [field], message: DOCUMENT_MESSAGES.invalidAfterSanitising });
    }
    return { ...doc, title, content, category };
  });
export type DocumentInput = z.input<typeof documentInputSchema>;
export type CleanDocument = z.output<typeof documentInputSchema>;

/** POST /api/knowledge/documents: one batch. */
export const addDocumentsSchema = z.object({
  documents: z.preprocess(
    (v) => v ?? [],
    z.array(z.unknown(), DOCUMENT_MESSAGES.noDocuments).min(1, DOCUMENT_MESSAGES.noDocuments).max(DOCUMENT_LIMITS.batchSize, DOCUMENT_MESSAGES.tooMany),
  ),
});

/** The batch's first entry that lacks a required field, as the message in docs/ai.md; undefined when all have them. */
export function missingFieldMessage(documents: readonly unknown[]): string | undefined {
  const index = documents.findIndex((doc) => {
    if (typeof doc !== 'object' || doc === null) return true;
    const record = doc as Record<string, unknown>;
    return ['title', 'content', 'subject', 'category'].some((field) => typeof record[field] !== 'string' || !(record[field] as string).trim());
  });
  return index < 0 ? undefined : DOCUMENT_MESSAGES.missingField(index);
}

/**
 * A document's way into the knowledge base: stored `pending` by the add route, `embedding` while
 * the consumer embeds its passages (progress: embedded of total), then `ready` (searchable) or
 * `failed` with a reason a person can act on (Retry).
 */
export const DOCUMENT_STATUSES = ['pending', 'embedding', 'ready', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const documentStatusSchema = z.object({
  id: z.string(),
  title: z.string(),
  subject: z.enum(SUBJECTS),
  category: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  /** Passages the content splits into; null until the consumer has split it. */
  chunksTotal: z.number().int().min(0).nullable(),
  chunksEmbedded: z.number().int().min(0),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When it became searchable. */
  readyAt: z.string().nullable(),
});
export type DocumentState = z.output<typeof documentStatusSchema>;
/** POST /api/knowledge/documents answers 202 with the stored, pending documents; GET lists the newest. */
export const addDocumentsResultSchema = z.object({ documents: z.array(documentStatusSchema) });
export const documentListSchema = z.object({ documents: z.array(documentStatusSchema) });
export type DocumentList = z.output<typeof documentListSchema>;
export const retryDocumentResultSchema = z.object({ document: documentStatusSchema });

const thresholdSchema = z.coerce
  .number()
  .refine((n) => (SIMILARITY_THRESHOLDS as readonly number[]).includes(n), 'The similarity threshold is 0.3, 0.5 or 0.7')
  .default(DEFAULT_THRESHOLD);

/** GET /api/knowledge/search?query=&subject=&category=&threshold=&maxResults= (admin). */
export const documentSearchSchema = z.object({
  query: z.string(DOCUMENT_MESSAGES.queryRequired).trim().min(1, DOCUMENT_MESSAGES.queryRequired).max(DOCUMENT_LIMITS.queryMax, DOCUMENT_MESSAGES.queryTooLong),
  subject: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(SUBJECTS).optional()),
  category: z.preprocess((v) => (typeof v === 'string' && v.trim() ? sanitiseCategory(v) : undefined), z.string().optional()),
  threshold: thresholdSchema,
  maxResults: z.coerce.number().int().min(1).max(DOCUMENT_LIMITS.maxResultsMax).default(DEFAULT_MAX_RESULTS),
});
export type DocumentSearch = z.output<typeof documentSearchSchema>;

export const searchResultSchema = z.object({
  chunkId: z.string(),
  text: z.string(),
  subject: z.enum(SUBJECTS).nullable(),
  category: z.string(),
  source: z.object({ kind: z.enum(['document', 'country', 'question', 'guide']), id: z.string(), title: z.string() }),
  similarity: z.number(),
});
export type SearchResult = z.output<typeof searchResultSchema>;
export const documentSearchResultSchema = z.object({ results: z.array(searchResultSchema) });

/** GET /api/knowledge/similar-questions?query=&subject= (any signed-in user). */
export const similarQuestionsQuerySchema = z.object({
  query: z.string(DOCUMENT_MESSAGES.queryRequired).trim().min(1, DOCUMENT_MESSAGES.queryRequired).max(DOCUMENT_LIMITS.queryMax, DOCUMENT_MESSAGES.queryTooLong),
  subject: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(SUBJECTS).optional()),
});

/** A similar question without its answer (for Practice Similar Questions: subject, level and topic for the quiz route's focus). */
export const similarQuestionSchema = z.object({
  question: z.string(),
  subject: z.enum(SUBJECTS),
  level: z.enum(['beginner', 'advanced', 'expert']),
  topic: z.string(),
  similarity: z.number(),
});
export type SimilarQuestion = z.output<typeof similarQuestionSchema>;
export const similarQuestionsResultSchema = z.object({ questions: z.array(similarQuestionSchema) });
