import { describe, expect, it } from 'vitest';
import { useLocalStack } from '../support/handler-env.ts';

/** The admin audit log: entries come back newest first, paged, with who, what and when. */
useLocalStack();
const { recordAdminAction, listAdminActions } = await import('../../functions/admin/data/audit-log.ts');

describe('audit log', () => {
  it('records who did what to what, and reads it back newest first', async () => {
    const actorId = `admin-${crypto.randomUUID()}`;
    const first = await recordAdminAction({ actorId, action: 'user.update', target: 'someone', detail: { role: 'teacher' } }, new Date(Date.now() + 3_600_000));
    const second = await recordAdminAction({ actorId, actorEmail: 'boss@example.com', action: 'daily-challenges.generate' }, new Date(Date.now() + 3_600_001));
    const { entries } = await listAdminActions(50);
    const mine = entries.filter((e) => e.actor_id === actorId);
    expect(mine.map((e) => e.id)).toEqual([second.id, first.id]);
    expect(mine[1]).toMatchObject({ action: 'user.update', target: 'someone', detail: { role: 'teacher' }, actor_email: null });
    expect(mine[0]).toMatchObject({ action: 'daily-challenges.generate', target: null, detail: null, actor_email: 'boss@example.com' });
  });

  it('pages with an opaque cursor and refuses an invented one', async () => {
    const actorId = `admin-${crypto.randomUUID()}`;
    for (let i = 0; i < 3; i += 1) await recordAdminAction({ actorId, action: 'user.create', target: `t${i}` });
    const page1 = await listAdminActions(2);
    expect(page1.entries).toHaveLength(2);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = await listAdminActions(2, page1.nextCursor ?? undefined);
    expect(page2.entries[0]!.id < page1.entries[1]!.id).toBe(true);
    await expect(listAdminActions(2, 'bm90LWFuLWlk')).rejects.toThrow(/cursor/i);
  });

  it('refuses a malformed action', async () => {
    await expect(recordAdminAction({ actorId: 'a', action: 'Delete Everything' })).rejects.toThrow();
  });
});
