import { indexPublicGroups } from '../functions/groups/data/study-groups.ts';

/**
 * Indexes the words of every public study group in the table named by TABLE_NAME, for a stage
 * (or a local `.data/`) whose groups predate the word index that group search reads:
 *
 *   TABLE_NAME=<table> AWS_REGION=<region> npx tsx scripts/backfill-group-words.ts
 *
 * Idempotent: run it again and it writes the same entries.
 */
for (const name of ['USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'EVENT_BUS_NAME', 'MAIL_FROM']) process.env[name] ??= 'unused-by-the-backfill';

const started = Date.now();
const groups = await indexPublicGroups();
console.log(`Group search: ${groups} public groups indexed (${Date.now() - started} ms)`);
