import { seedQuestionBank } from '../functions/questions/seed-bank.ts';

/**
 * Reseeds the question bank into the table named by TABLE_NAME, wherever the standard
 * AWS variables point (AWS, LocalStack, or a running `npm start`, whose endpoints it
 * prints). `--force` rewrites banks whose content did not change.
 *
 *   TABLE_NAME=quizquest-local AWS_ENDPOINT_URL_DYNAMODB=http://127.0.0.1:3010 \
 *   AWS_REGION=us-east-1 AWS_ACCESS_KEY_ID=local AWS_SECRET_ACCESS_KEY=local \
 *   npx tsx scripts/seed-questions.ts
 */
// Seeding touches only the table; the other settings every function checks are not used here.
for (const name of ['USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'EVENT_BUS_NAME', 'MAIL_FROM']) process.env[name] ??= 'unused-by-seeding';

const { written, total } = await seedQuestionBank({ force: process.argv.includes('--force') });
console.log(written.length ? `Seeded ${written.join(', ')}` : 'Question bank unchanged');
console.log(`${total} questions in the bank`);
