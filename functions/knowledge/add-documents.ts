import { addDocumentsResultSchema, addDocumentsSchema, documentInputSchema, DOCUMENT_MESSAGES, missingFieldMessage, type CleanDocument } from '#shared/knowledge/documents.ts';
import { fieldErrors } from '#shared/validation/field-errors.ts';
import { recordAdminAction } from '../admin/data/audit-log.ts';
import { AppError, BadRequest } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { requireKnowledgeCaller } from './access.ts';
import { queueDocuments } from './documents.ts';

/**
 * POST /api/knowledge/documents { documents: [{ title, content, subject, category }] } (admin):
 * one batch of at most 10, all checked before any is written (docs/ai.md). They are stored
 * `pending` and answered at once (202, with their ids); the embed-document consumer embeds them
 * in the background and GET /api/knowledge/documents shows the progress.
 */
export const handler = httpHandler(async (event) => {
  const admin = await requireKnowledgeCaller(event, ['admin'], DOCUMENT_MESSAGES.adminRequired);
  const { documents: raw } = parseBody(event, addDocumentsSchema);
  const missing = missingFieldMessage(raw);
  if (missing) throw new BadRequest(missing, { documents: missing });
  const documents: CleanDocument[] = raw.map((entry, index) => {
    const parsed = documentInputSchema.safeParse(entry);
    if (parsed.success) return parsed.data;
    const fields = fieldErrors(parsed.error) as Record<string, string>;
    const message = Object.values(fields)[0] ?? DOCUMENT_MESSAGES.unexpected;
    throw new BadRequest(raw.length > 1 ? `Document ${index + 1}: ${message}` : message, fields);
  });

  let added;
  try {
    added = await queueDocuments(documents, admin.user_id, new Date());
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.error('adding documents failed', { error: error instanceof Error ? { name: error.name, message: error.message } : error });
    const name = error instanceof Error ? error.name : 'unknown error';
    throw new AppError(500, 'insert_failed', DOCUMENT_MESSAGES.insertFailed(name));
  }
  await recordAdminAction({
    actorId: admin.user_id,
    actorEmail: admin.email,
    action: 'documents.add',
    target: added.length === 1 ? added[0]!.id : `${added.length} documents`,
    detail: {
      count: added.length,
      ids: added.map((d) => d.id).join(','),
      titles: added.map((d) => d.title).join(' | ').slice(0, 500),
    },
  });
  return respond(addDocumentsResultSchema, { documents: added }, 202);
});
