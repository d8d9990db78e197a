import { premiumUsageSchema } from '#shared/premium-usage.ts';
import { isoWeekId } from '#shared/dates.ts';
import { reportSends } from '../reports/data/reports.ts';
import { groupsOfUser } from '../groups/data/study-groups.ts';
import { tournamentsOfWeek } from '../tournaments/data/tournaments.ts';
import { CATALOGUE, generatedGuides } from '../guides/guide-access.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, respond } from '../lib/http.ts';

/**
 * GET /api/me/premium-usage: the dashboard's Premium features counters (the panel
 * had none). Four bounded reads in parallel: the generated guides, the caller's sent reports
 * and group memberships (their own partition), and the week's tournaments (one query).
 */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, ['student', 'admin']);
  const now = new Date();
  const [generated, sends, groups, tournaments] = await Promise.all([generatedGuides(), reportSends(me.user_id), groupsOfUser(me.user_id), tournamentsOfWeek(isoWeekId(now))]);
  return respond(
    premiumUsageSchema,
    premiumUsageSchema.parse({
      study_guides: CATALOGUE.length + generated.length,
      reports: sends.length,
      groups: groups.length,
      tournaments: tournaments.filter((t) => Date.parse(t.start_at) > now.getTime()).length,
    }),
  );
});
