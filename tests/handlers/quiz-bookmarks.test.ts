import { describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player, premium } from '../support/players.ts';

useLocalStack();
const { handler: toggleBookmark } = await import('../../functions/quiz/toggle-bookmark.ts');
const { getBankMeta } = await import('../../functions/questions/data/question-bank.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');

const toggle = async (sub: string, questionId: string) => parse(await toggleBookmark(httpEvent({ sub, body: { questionId } })));

/** The bookmarks the table holds for a user. */
async function stored(userId: string): Promise<string[]> {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: process.env.TABLE_NAME,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'BOOKMARK#' },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map((item) => String(item.question_id)).sort();
}

/** Public ids of live questions in the bank. */
async function bankQuestionIds(count: number): Promise<string[]> {
  const meta = (await getBankMeta('history', 'beginner'))!;
  const live = [...new Set(Object.values(meta.topics).flat())].sort((a, b) => a - b);
  return live.slice(0, count).map((index) => meta.publicIds[index]!);
}

describe('bookmarks', () => {
  it('40 concurrent toggles of distinct questions by a free user store exactly 20', async () => {
    const me = await player();
    const ids = await bankQuestionIds(40);
    const results = await Promise.all(ids.map((id) => toggle(me.user_id, id)));
    const added = results.filter((r) => r.status === 200 && r.body.bookmarked === true);
    const refused = results.filter((r) => r.status === 403);
    expect(added).toHaveLength(20);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(r.body.error).toMatchObject({ code: 'limit_reached', message: 'Free accounts can keep 20 bookmarks. Go Premium for unlimited bookmarks.' });
    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(await stored(me.user_id)).toHaveLength(20);
  });

  it('removing a bookmark frees its place for another', async () => {
    const me = await player();
    const ids = await bankQuestionIds(22);
    for (const id of ids.slice(0, 20)) expect((await toggle(me.user_id, id)).body.bookmarked).toBe(true);
    expect((await toggle(me.user_id, ids[20]!)).status).toBe(403);
    expect(await toggle(me.user_id, ids[0]!)).toMatchObject({ status: 200, body: { bookmarked: false } });
    expect(await toggle(me.user_id, ids[21]!)).toMatchObject({ status: 200, body: { bookmarked: true } });
    expect(await stored(me.user_id)).toEqual([...ids.slice(1, 20), ids[21]!].sort());
  });

  it('concurrent toggles of one question leave the count and the stored bookmarks in step', async () => {
    const me = await player({ metadata: { limits: { bookmarks: 2 } } });
    const ids = await bankQuestionIds(3);
    await Promise.all(Array.from({ length: 7 }, () => toggle(me.user_id, ids[0]!)));
    const [first] = await stored(me.user_id);
    // 7 toggles of one question: it ends bookmarked or not, and the limit still counts right.
    const kept = first === undefined ? 0 : 1;
    const more = await Promise.all(ids.slice(1).map((id) => toggle(me.user_id, id)));
    expect(more.filter((r) => r.status === 200)).toHaveLength(2 - kept);
    expect(await stored(me.user_id)).toHaveLength(2);
  });

  it('premium users keep more than 20', async () => {
    const me = await player(premium);
    const ids = await bankQuestionIds(25);
    const results = await Promise.all(ids.map((id) => toggle(me.user_id, id)));
    expect(results.every((r) => r.status === 200 && r.body.bookmarked)).toBe(true);
    expect(await stored(me.user_id)).toHaveLength(25);
  });

  it.each([
    ['an id that is not in the bank', 'q-0000000000000000', 404],
    ['a source id (players never see those)', 'geo-beg-flag-pol', 404],
    ['a malformed id', 'BOOKMARK#x', 400],
    ['an id of 2,000 characters', 'q'.repeat(2_000), 400],
  ])('refuses %s and stores nothing', async (_, questionId, status) => {
    const me = await player();
    const result = await toggle(me.user_id, questionId);
    expect(result.status).toBe(status);
    expect(result.body.error.code).toBe(status === 404 ? 'not_found' : 'bad_request');
    expect(await stored(me.user_id)).toEqual([]);
  });
});
