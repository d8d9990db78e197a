import { QueryCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { auditDetailSchema, newAdminActionSchema, type AuditEntry, type NewAdminAction } from '#shared/admin/audit.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { BadRequest } from '../../lib/errors.ts';
import * as keys from '../../data/table-keys.ts';

/**
 * The admin audit log: one item per admin action, in one partition sorted by
 * time, so the console's "newest first" is one bounded query. Admin actions are rare (a
 * person clicking), far below a partition's write limit. Entries are kept when the acting
 * or affected account is deleted: the log is the record of who did what.
 */

/**
 * Records an admin action. Call it after the change succeeded, with the caller's id (from
 * requireCaller): `await recordAdminAction({ actorId: admin.user_id, action: 'user.update', target: userId, detail: { role: 'teacher' } })`.
 */
export async function recordAdminAction(input: NewAdminAction, now: Date = new Date()): Promise<AuditEntry> {
  const { actorId, action, target, detail, actorEmail } = newAdminActionSchema.parse(input);
  const at = now.toISOString();
  const id = `${at}#${crypto.randomUUID()}`;
  const entry: AuditEntry = { id, at, actor_id: actorId, actor_email: actorEmail ?? null, action, target: target ?? null, detail: detail ?? null };
  await documentClient().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: { ...keys.auditEntry(id), type: 'audit-entry', ...entry },
    }),
  );
  return entry;
}

function fromItem(item: Record<string, unknown>): AuditEntry {
  const detail = auditDetailSchema.safeParse(item.detail);
  return {
    id: String(item.id),
    at: String(item.at),
    actor_id: String(item.actor_id),
    actor_email: typeof item.actor_email === 'string' ? item.actor_email : null,
    action: String(item.action),
    target: typeof item.target === 'string' ? item.target : null,
    detail: detail.success ? detail.data : null,
  };
}

/** The newest entries first, a page at a time (one query); the cursor is the last entry's id. */
export async function listAdminActions(limit = 50, cursor?: string): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const start = cursor === undefined ? undefined : decodeCursor(cursor);
  const { Items, LastEvaluatedKey } = await documentClient().send(
    new QueryCommand({
      TableName: env().TABLE_NAME,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.auditEntry('').pk },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: start ? keys.auditEntry(start) : undefined,
    }),
  );
  const entries = (Items ?? []).map(fromItem);
  return { entries, nextCursor: LastEvaluatedKey ? Buffer.from(String(LastEvaluatedKey.sk), 'utf8').toString('base64url') : null };
}

const idSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[0-9a-f-]{36}$/);

function decodeCursor(cursor: string): string {
  const parsed = idSchema.safeParse(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!parsed.success) throw new BadRequest('Invalid cursor', { cursor: 'Invalid format' });
  return parsed.data;
}
