import { describe, expect, it } from 'vitest';
import { GROUP_FORM_DEFAULTS } from '../../shared/groups/study-groups.ts';
import { isoWeekId } from '../../shared/dates.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player, premium } from '../support/players.ts';

/**
 * The Premium features panel's counters (docs/quiz.md: there were none): study guides,
 * reports, groups and tournaments, each read from what is stored, for the caller.
 */
useLocalStack();
const { handler: usage } = await import('../../functions/profile/get-premium-usage.ts');
const { handler: createGroup } = await import('../../functions/groups/create-group.ts');
const { recordReportSend } = await import('../../functions/reports/data/reports.ts');
const { tournamentsOfWeek } = await import('../../functions/tournaments/data/tournaments.ts');
const { CATALOGUE, generatedGuides } = await import('../../functions/guides/guide-access.ts');

const counters = async (sub: string) => parse(await usage(httpEvent({ sub })));

describe('premium usage counters', () => {
  it('counts the library’s study guides, my sent reports, my groups and this week’s tournaments', async () => {
    const me = await player(premium);
    const before = await counters(me.user_id);
    expect(before.status).toBe(200);
    const upcoming = (await tournamentsOfWeek(isoWeekId(new Date()))).filter((t) => Date.parse(t.start_at) > Date.now()).length;
    expect(before.body).toEqual({ study_guides: CATALOGUE.length + (await generatedGuides()).length, reports: 0, groups: 0, tournaments: upcoming });

    await recordReportSend(me.user_id, { email: me.email, period: 7, sentAt: new Date().toISOString() });
    const made = parse(await createGroup(httpEvent({ sub: me.user_id, body: { ...GROUP_FORM_DEFAULTS, name: `Usage ${Date.now().toString(36).replace(/\d/g, '')}`, max_members: 10 } })));
    expect(made.status).toBe(201);
    const after = (await counters(me.user_id)).body;
    expect(after.reports).toBe(1);
    expect(after.groups).toBe(1);
  });

  it('is for signed-in students and admins only', async () => {
    const parent = await player({ role: 'parent' });
    expect((await counters(parent.user_id)).status).toBe(403);
  });
});
