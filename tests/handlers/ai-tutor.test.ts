import { describe, expect, it } from 'vitest';
import { TUTOR_LIMITS, TUTOR_MESSAGES as M } from '../../shared/tutor/tutor.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { seedKnowledgeDocument } from '../support/knowledge-docs.ts';
import { player, premium } from '../support/players.ts';

/**
 * The AI tutor (docs/ai.md) with the real AI layer: the embedded
 * provider searches the table's knowledge base and writes from its passages only.
 */
useLocalStack();
const { handler: chat } = await import('../../functions/tutor/chat.ts');
const { claimTutorQuestion } = await import('../../functions/tutor/data/tutor.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const { env } = await import('../../functions/lib/env.ts');
const { keys } = await import('../../functions/data/table-design.ts');
const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
const { seedKnowledgeBase } = await import('../../functions/knowledge/seed.ts');

const PERU = [
  'Peru is a country in western South America, on the Pacific coast. The capital of Peru is Lima, its largest city, founded by Francisco Pizarro in 1535.',
  'The Andes mountains run through Peru from north to south. Machu Picchu, a fifteenth-century Inca citadel, stands high in the Andes above the Urubamba valley.',
  'Lake Titicaca, on the border between Peru and Bolivia, is the largest lake in South America by volume. The official languages of Peru are Spanish, Quechua and Aymara.',
].join(' ');

const docTitle = `Peru fact sheet ${Date.now().toString(36)}`;
// The knowledge base as npm start seeds it (country fact sheets, guides, the bank), whichever test file ran first.
await seedKnowledgeBase();
await seedKnowledgeDocument({ title: docTitle, subject: 'geography', category: 'country-profiles', content: PERU });

type Person = Awaited<ReturnType<typeof player>>;
const ask = async (who: Person, body: unknown) => parse(await chat(httpEvent({ sub: who.user_id, body })));
const usedToday = async (userId: string): Promise<number> => {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.tutorDay(userId, new Date().toISOString().slice(0, 10)) }));
  return Number(Item?.used ?? 0);
};

describe('AI tutor', () => {
  it('a premium student gets an answer from the knowledge base that names Lima and cites the passage it used', async () => {
    const me = await player(premium);
    const { status, body } = await ask(me, { message: 'What is the capital of Peru?', context: { subject: 'geography', previousMessages: [] } });
    expect(status).toBe(200);
    expect(body.grounded).toBe(true);
    expect(body.response).toContain('Lima');
    expect(body.citations.length).toBeGreaterThan(0);
    // The passage it used: the document above, or Peru's fact sheet when the country facts answer first.
    expect(body.citations.some((c: { title: string; excerpt: string }) => [docTitle, 'Peru'].includes(c.title) && c.excerpt.includes('Lima')), JSON.stringify(body)).toBe(true);
    expect(body.remaining).toBe(TUTOR_LIMITS.dailyQuestions - 1);
  }, 60_000);

  it('with nothing relevant found it says so and points to the study guides, citing nothing', async () => {
    const me = await player(premium);
    const { status, body } = await ask(me, { message: 'xqzv plorbt wug', context: { subject: 'religion' } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ response: M.nothingFound, grounded: false, citations: [] });
    expect(body.response).toMatch(/study guides/i);
  }, 30_000);

  it('a free student is refused 403 with no data, and nothing is counted', async () => {
    const free = await player();
    const { status, body } = await ask(free, { message: 'What is the capital of Peru?', context: { subject: 'geography' } });
    expect(status).toBe(403);
    expect(body).toEqual({ error: { code: 'premium_required', message: M.premiumRequired } });
    expect(await usedToday(free.user_id)).toBe(0);
  });

  it('other roles are refused (the tutor is a student page)', async () => {
    for (const role of ['parent', 'teacher', 'admin'] as const) {
      const other = await player({ role, ...premium });
      const { status, body } = await ask(other, { message: 'What is the capital of Peru?' });
      expect(status).toBe(403);
      expect(Object.keys(body)).toEqual(['error']);
    }
  });

  it('an empty or whitespace message is refused and not counted; more than 5 context messages are refused', async () => {
    const me = await player(premium);
    expect((await ask(me, { message: '   ' })).status).toBe(400);
    const six = Array.from({ length: 6 }, (_, i) => ({ type: 'user', content: `q${i}` }));
    expect((await ask(me, { message: 'Lima?', context: { subject: 'geography', previousMessages: six } })).status).toBe(400);
    expect(await usedToday(me.user_id)).toBe(0);
  });

  it('the daily limit: the 51st question of a day is refused with a clear message and not counted', async () => {
    const me = await player(premium);
    const now = new Date();
    for (let i = 0; i < TUTOR_LIMITS.dailyQuestions - 1; i++) await claimTutorQuestion(me.user_id, now);
    const last = await ask(me, { message: 'What is the capital of Peru?', context: { subject: 'geography' } });
    expect(last.status).toBe(200);
    expect(last.body.remaining).toBe(0);
    const refused = await ask(me, { message: 'And its largest lake?', context: { subject: 'geography' } });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 'too_many_requests', message: M.dailyLimit } });
    expect(await usedToday(me.user_id)).toBe(TUTOR_LIMITS.dailyQuestions);
  }, 60_000);

  it('concurrent questions at the limit: exactly the allowed number pass', async () => {
    const me = await player(premium);
    const now = new Date();
    for (let i = 0; i < TUTOR_LIMITS.dailyQuestions - 3; i++) await claimTutorQuestion(me.user_id, now);
    const results = await Promise.all(Array.from({ length: 8 }, () => claimTutorQuestion(me.user_id, now)));
    expect(results.filter((r) => r !== null)).toHaveLength(3);
    expect(await usedToday(me.user_id)).toBe(TUTOR_LIMITS.dailyQuestions);
  });
});
