import { tournamentResponseSchema } from '#shared/tournaments/api.ts';
import * as z from 'zod';
import { LEVELS, SUBJECTS } from '#shared/constants.ts';
import { recordAdminAction } from '../admin/data/audit-log.ts';
import { requireAdmin } from '../admin/require-admin.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { createQuickMatch, START_LEAD_MS, startMatch } from './start-matches.ts';
import { toTournamentView } from './views.ts';

const bodySchema = z.object({
  start_in_seconds: z.number().int().min(10).max(3600).default(60),
  window_seconds: z.number().int().min(5).max(60).default(15),
  questions: z.number().int().min(1).max(25).default(5),
  capacity: z.number().int().min(2).max(1000).default(100),
  subject: z.enum(SUBJECTS).default('geography'),
  level: z.enum(LEVELS).default('beginner'),
});

/**
 * POST /api/tournaments/quick-match (admins): a short live match starting soon, for demos
 * and trying the flow on a local stack. One due within the job's lead is started at once
 * (players may still register until it ends); a later one is started by the per-minute job.
 */
export const handler = httpHandler(async (event) => {
  const admin = await requireAdmin(event);
  const body = parseBody(event, bodySchema);
  const now = new Date();
  const tournament = await createQuickMatch(
    { startAt: new Date(now.getTime() + body.start_in_seconds * 1000), questionCount: body.questions, windowMs: body.window_seconds * 1000, gapMs: 3000, capacity: body.capacity, subject: body.subject, level: body.level },
    now,
  );
  // Starting soon: its first step is queued now, delayed until the start, rather than at the next minute's job.
  if (body.start_in_seconds * 1000 <= START_LEAD_MS) await startMatch(tournament, now);
  await recordAdminAction({ actorId: admin.user_id, actorEmail: admin.email, action: 'tournament.quick-match', target: tournament.id, detail: { subject: body.subject, level: body.level } });
  return respond(tournamentResponseSchema, { tournament: toTournamentView(tournament, false, now) }, 201);
});
