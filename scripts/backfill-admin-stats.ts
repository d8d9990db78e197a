import { countersFromHistory } from '../shared/admin/stats.ts';
import { replaceAdminCounters, scanHistory } from '../functions/admin/data/admin-stats.ts';

/**
 * Fills the admin overview's counters from the data already in the table named by
 * TABLE_NAME (every profile's role, every attempt), for a stage whose accounts and quizzes
 * predate the aggregate-admin-stats consumer:
 *
 *   TABLE_NAME=<table> AWS_REGION=<region> npx tsx scripts/backfill-admin-stats.ts
 *
 * It replaces the stored counters, so run it once, right after the deploy that adds the
 * consumer: an event the consumer counts between the scan and the write would be lost.
 */
for (const name of ['USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'EVENT_BUS_NAME', 'MAIL_FROM']) process.env[name] ??= 'unused-by-the-backfill';

const started = Date.now();
const { roles, quizzes } = await scanHistory();
const today = new Date().toISOString().slice(0, 10);
const written = await replaceAdminCounters(countersFromHistory(roles, quizzes, today));
console.log(`Admin statistics: ${roles.length} accounts, ${quizzes.length} quizzes; ${written} items written (${Date.now() - started} ms)`);
