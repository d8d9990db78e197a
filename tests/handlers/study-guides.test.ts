import { describe, expect, it } from 'vitest';
import { GUIDE_MESSAGES as M, type GuideSummary } from '../../shared/guides/study-guides.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player, premium } from '../support/players.ts';

/** Study guides (docs/learning.md): free accounts read 3, the rest is refused with no data. */
useLocalStack();
const { handler: listGuides } = await import('../../functions/guides/list-guides.ts');
const { handler: getGuide } = await import('../../functions/guides/get-guide.ts');

type Person = Awaited<ReturnType<typeof player>>;
type Handler = (e: ReturnType<typeof httpEvent>) => Promise<{ statusCode?: number; body?: string }>;
const call = async (h: Handler, who: Person, input: Parameters<typeof httpEvent>[0] = {}) => parse(await h(httpEvent({ sub: who.user_id, ...input })));
const list = (who: Person, query: Record<string, string> = {}) => call(listGuides, who, { query });
const read = (who: Person, guideId: string) => call(getGuide, who, { path: { guideId } });
const trialUser = () => player({ metadata: { trial_active: true, trial_ends: new Date(Date.now() + 86_400_000).toISOString() } });

describe('study guides', () => {
  it('a free student sees every guide, the first 3 readable and the rest locked with titles and summaries only', async () => {
    const free = await player();
    const { status, body } = await list(free);
    expect(status).toBe(200);
    const guides = body.guides as GuideSummary[];
    expect(guides.length).toBeGreaterThanOrEqual(18);
    expect(guides.filter((g) => !g.locked)).toHaveLength(3);
    expect(guides.slice(0, 3).every((g) => !g.locked)).toBe(true);
    expect(body.locked_count).toBe(guides.length - 3);
    expect(body.free_limit).toBe(3);
    for (const g of guides) {
      expect(g.title.length).toBeGreaterThan(0);
      expect(g.summary.length).toBeGreaterThan(0);
      // No text, key points or check questions leave the server in the list.
      expect(g).not.toHaveProperty('content');
      expect(g).not.toHaveProperty('key_points');
      expect(g).not.toHaveProperty('check_questions');
    }

    const first = await read(free, guides[0]!.id);
    expect(first.status).toBe(200);
    expect(first.body.guide).toMatchObject({ id: guides[0]!.id, title: guides[0]!.title });
    expect(first.body.guide.content.length).toBeGreaterThan(0);
    expect(first.body.guide.key_points.length).toBeGreaterThan(0);
    expect(first.body.guide.check_questions[0]).toEqual({ question: expect.any(String), answer: expect.any(String) });
  });

  it('a free student’s request for a fourth guide is refused 403 with no data', async () => {
    const free = await player();
    const guides = (await list(free)).body.guides as GuideSummary[];
    for (const locked of guides.filter((g) => g.locked).slice(0, 3)) {
      const refused = await read(free, locked.id);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: { code: 'premium_required', message: M.premiumRequired } });
    }
  });

  it('filters do not unlock guides: the locked ones stay locked in any subject or level', async () => {
    const free = await player();
    const all = (await list(free)).body.guides as GuideSummary[];
    const open = new Set(all.filter((g) => !g.locked).map((g) => g.id));
    const expert = (await list(free, { level: 'expert' })).body;
    expect(expert.guides.length).toBeGreaterThanOrEqual(6);
    expect(expert.guides.every((g: GuideSummary) => g.locked && !open.has(g.id))).toBe(true);
    expect(expert.locked_count).toBe(expert.guides.length);
  });

  it('premium, trial and admin accounts read every guide', async () => {
    const [paid, trial, admin] = await Promise.all([player(premium), trialUser(), player({ role: 'admin' })]);
    for (const who of [paid, trial, admin]) {
      const { body } = await list(who);
      expect(body.locked_count).toBe(0);
      expect(body.free_limit).toBeNull();
      const last = (body.guides as GuideSummary[]).at(-1)!;
      const guide = await read(who, last.id);
      expect(guide.status).toBe(200);
      expect(guide.body.guide.id).toBe(last.id);
    }
  });

  it('an expired trial is back to 3 guides', async () => {
    const expired = await player({ metadata: { trial_active: true, trial_ends: new Date(Date.now() - 1000).toISOString() } });
    const { body } = await list(expired);
    expect(body.guides.filter((g: GuideSummary) => !g.locked)).toHaveLength(3);
    expect((await read(expired, body.guides[3].id)).status).toBe(403);
  });

  it('search matches title, topic, summary and key points in any case; subject and level filter', async () => {
    const paid = await player(premium);
    // The catalogue's guides: AI-generated ones (tests/handlers/admin-generation.test.ts shares the table) are listed after them.
    const catalogue = (guides: GuideSummary[]) => guides.filter((g) => !g.ai_generated);
    const ids = async (query: Record<string, string>) => catalogue((await list(paid, query)).body.guides as GuideSummary[]).map((g) => g.id);
    expect(await ids({ q: 'AQUEDUCTS' })).toEqual(['roman-empire']);
    expect(await ids({ q: 'roman' })).toEqual(['ancient-egypt', 'roman-empire']);
    expect(await ids({ q: 'lira' })).toEqual(['world-currencies']);
    const history = catalogue((await list(paid, { subject: 'history' })).body.guides as GuideSummary[]);
    expect(history).toHaveLength(6);
    expect(history.every((g) => g.subject === 'history')).toBe(true);
    const religionExpert = catalogue((await list(paid, { subject: 'religion', level: 'expert' })).body.guides as GuideSummary[]);
    expect(religionExpert.map((g) => g.id).sort()).toEqual(['calendars-and-festivals', 'sacred-texts']);
    expect(await ids({ q: 'nothing like this' })).toEqual([]);

    const bad = await list(paid, { subject: 'maths' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(M.badFilter);
    expect((await list(paid, { q: 'x'.repeat(101) })).body.error.message).toBe(M.searchTooLong);
  });

  it('an unknown guide is 404; parents and teachers are refused 403; nobody signed in is 401', async () => {
    const paid = await player(premium);
    const missing = await read(paid, 'no-such-guide');
    expect(missing.status).toBe(404);
    expect(missing.body.guide).toBeUndefined();
    expect((await read(paid, '../../etc')).status).toBe(404);

    for (const role of ['parent', 'teacher'] as const) {
      const other = await player({ role, ...premium });
      const refusedList = await list(other);
      expect(refusedList.status).toBe(403);
      expect(refusedList.body.guides).toBeUndefined();
      const refusedGuide = await read(other, 'continents-and-oceans');
      expect(refusedGuide.status).toBe(403);
      expect(refusedGuide.body.guide).toBeUndefined();
    }
    expect(parse(await listGuides(httpEvent({}))).status).toBe(401);
  });
});
