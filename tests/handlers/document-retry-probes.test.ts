import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_MESSAGES } from '../../shared/knowledge/documents.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player } from '../support/players.ts';

/**
 * The probes of POST /api/knowledge/documents/{documentId}/retry: an absurd or odd id is a 400
 * naming the parameter, answered before the caller or the table is read; an id of another
 * kind's shape is refused the same way, one of the right shape that is no document is a 404;
 * a caller who is not an admin is refused whatever the document.
 */
useLocalStack();
const { handler: retryDocument } = await import('../../functions/knowledge/retry-document.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');

const retry = async (sub: string, documentId: string) => parse(await retryDocument(httpEvent({ sub, path: { documentId } })));

/** Every command the handler sends to DynamoDB while `run` goes (the real client, watched, not replaced). */
async function dynamoCommandsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const client = documentClient();
  const real = client.send.bind(client) as (command: unknown) => Promise<unknown>;
  const sent: string[] = [];
  const spy = vi.spyOn(client, 'send').mockImplementation(((command: { constructor: { name: string } }) => {
    sent.push(command.constructor.name);
    return real(command);
  }) as never);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return sent;
}

afterEach(() => vi.restoreAllMocks());

describe('retrying a document: the path id', () => {
  it('a 2,000-character id is a 400 with a clear message, and DynamoDB is never asked', { timeout: 30_000 }, async () => {
    const admin = await player({ role: 'admin' });
    let answer: Awaited<ReturnType<typeof retry>> | undefined;
    const sent = await dynamoCommandsDuring(async () => {
      answer = await retry(admin.user_id, 'a'.repeat(2000));
    });
    expect(answer).toEqual({ status: 400, body: { error: { code: 'bad_request', message: DOCUMENT_MESSAGES.invalidId, fields: { documentId: DOCUMENT_MESSAGES.invalidId } } } });
    expect(sent).toEqual([]);
    // The same check with a real document's id reads the caller and the document (the spy sees it).
    expect(await dynamoCommandsDuring(() => retry(admin.user_id, randomUUID()))).not.toEqual([]);
  });

  it.each([
    ['traversal', '../../DOC#x'],
    ['a table key', 'DOC#3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'],
    ['upper case', randomUUID().toUpperCase()],
    ['a UUID one character too long', `${randomUUID()}0`],
    ['a UUID of another version', '3f1b2c4d-5e6f-1a7b-8c9d-0e1f2a3b4c5d'],
    ['spaces and markup', '<b> x </b>'],
    ['a challenge id', '0123456789abcdef01234567'],
    ['a question id', 'geo-capitals-001'],
    ['a group id', 'Gx_7Kq2LmN9pRt'],
    ['empty', ''],
  ])('%s is refused as malformed (400), before any read', { timeout: 30_000 }, async (_kind, id) => {
    const admin = await player({ role: 'admin' });
    let answer: Awaited<ReturnType<typeof retry>> | undefined;
    const sent = await dynamoCommandsDuring(async () => {
      answer = await retry(admin.user_id, id);
    });
    expect(answer?.status).toBe(400);
    expect(answer?.body.error.message).toBe(DOCUMENT_MESSAGES.invalidId);
    expect(sent).toEqual([]);
  });

  it('an id of the right shape that is no document (another account\'s id) is not found', { timeout: 30_000 }, async () => {
    const [admin, someone] = await Promise.all([player({ role: 'admin' }), player()]);
    expect(await retry(admin.user_id, someone.user_id)).toEqual({ status: 404, body: { error: { code: 'not_found', message: DOCUMENT_MESSAGES.notFound } } });
  });

  it('a student or a teacher with a well-formed id is refused as today (403, admin_required)', { timeout: 30_000 }, async () => {
    for (const role of ['student', 'teacher'] as const) {
      const caller = await player({ role });
      const refused = await retry(caller.user_id, randomUUID());
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'admin_required', message: DOCUMENT_MESSAGES.adminRequired });
    }
  });
});
