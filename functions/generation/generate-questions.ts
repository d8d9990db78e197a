import { generateQuestionsRequestSchema, generateQuestionsResponseSchema, GENERATION_MESSAGES as M } from '#shared/generation/generation.ts';
import { chunkText } from '#shared/knowledge/chunking.ts';
import { sentences } from '../ai/nlp.ts';
import type { Passage } from '../ai/types.ts';
import { getKnowledgeDocument, putGeneratedQuestions } from './data/generation.ts';
import { AppError, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { audit, requireAdmin } from './admin.ts';
import { generateClozeQuestions, type GenerationSource } from './cloze.ts';

/**
 * POST /api/generation/questions (admin, docs/ai.md: subject, content,
 * level (beginner), count 5-50, default 25): questions from a stored document (or pasted
 * content) go into the review queue, never straight into the bank.
 */
export const handler = httpHandler(async (event) => {
  const me = await requireAdmin(event);
  const request = parseBody(event, generateQuestionsRequestSchema);
  let source: GenerationSource;
  if (request.documentId) {
    const doc = await getKnowledgeDocument(request.documentId);
    if (!doc) throw new NotFound(M.documentNotFound);
    source = { documentId: doc.id, title: doc.title, subject: request.subject ?? doc.subject, level: request.level, category: doc.category, chunks: toPassages(doc.id, doc.title, doc.content, doc.subject, doc.category) };
  } else {
    const subject = request.subject!;
    source = { documentId: null, title: 'Pasted content', subject, level: request.level, category: 'ai-generated', chunks: toPassages('pasted', 'Pasted content', request.content ?? '', subject, 'ai-generated') };
  }
  const now = new Date();
  let questions;
  try {
    questions = generateClozeQuestions(source, request.count, { generator: 'embedded-nlp', createdBy: me.user_id, now });
  } catch (error) {
    log.error('generation: questions failed', { error: String(error) });
    throw new AppError(500, 'generation_failed', M.questionsFailed);
  }
  if (questions.length === 0) throw new AppError(422, 'generation_failed', `${M.questionsFailed}: the text has no sentences with a name or number to ask about`);
  await putGeneratedQuestions(questions);
  await audit(me, 'questions.generate', source.documentId ?? 'pasted-content', { requested: request.count, generated: questions.length, subject: source.subject, level: source.level });
  return respond(generateQuestionsResponseSchema, { success: true, message: M.questionsDone(questions.length), questions });
});

/** The document's chunks (512 characters, on sentence boundaries) as passages of the document. */
function toPassages(id: string, title: string, content: string, subject: Passage['subject'], category: string): Passage[] {
  return chunkText(content, undefined, sentences).map((text, i) => ({
    chunkId: `document#${id}#${String(i).padStart(3, '0')}`,
    text,
    subject,
    category,
    source: { kind: 'document', id, title },
    similarity: 1,
  }));
}
