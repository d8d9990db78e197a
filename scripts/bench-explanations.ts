import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { startLocalStack } from '../infra/local/stack.ts';
import { httpEvent } from '../tests/support/http-event.ts';

/**
 * AI explanation latency on the local stack: POST /api/explanations for wrong answers
 * of real rounds, the first request (knowledge-base search + generation + cache write) against
 * the second (served from the cache), with the embedded provider of `npm start` (word vectors +
 * BM25, the extractive generator). The handler runs in process against DynamoDB Local.
 *
 *   npx tsx scripts/bench-explanations.ts          (BENCH_EXPLANATIONS_PORT, default 3730;
 *                                                   BENCH_EXPLANATIONS_SHOW=1 prints each explanation)
 */
const PORT = Number(process.env.BENCH_EXPLANATIONS_PORT ?? 3730);
const PER_SUBJECT = Number(process.env.BENCH_EXPLANATIONS_PER_SUBJECT ?? 6);
const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-bench-explanations-'));
process.env.LOG_LEVEL = 'silent';
const stack = await startLocalStack({ port: PORT, dataDir, inMemory: true });
const { seedKnowledgeBase } = await import('../functions/knowledge/seed.ts');
const { newProfile, putProfile } = await import('../functions/profile/data/profiles.ts');
const { getRound } = await import('../functions/quiz/data/rounds.ts');
const { handler: startRound } = await import('../functions/quiz/start-round.ts');
const { handler: answerQuestion } = await import('../functions/quiz/answer-question.ts');
const { handler: explainQuestion } = await import('../functions/explanations/explain-question.ts');
const { textGenerator } = await import('../functions/ai/index.ts');

type Result = { statusCode?: number; body?: string };
const body = (r: Result) => JSON.parse(String(r.body)) as Record<string, unknown>;

/** A round of `subject` with every question answered wrong: the questions to explain. */
async function wrongRound(userId: string, subject: string): Promise<{ roundId: string; questionId: string; answer: string }[]> {
  const started = body(await startRound(httpEvent({ sub: userId, body: { subject, level: 'beginner' } })));
  const roundId = String(started.roundId);
  const stored = (await getRound(userId, roundId))!;
  const out: { roundId: string; questionId: string; answer: string }[] = [];
  for (const [i, q] of stored.questions.entries()) {
    const answer = q.options.find((o) => o !== q.correct_answer)!;
    await answerQuestion({ ...httpEvent({ sub: userId, body: { questionId: q.id, answer } }), pathParameters: { roundId } });
    if (i < PER_SUBJECT) out.push({ roundId, questionId: q.id, answer });
  }
  return out;
}

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms, min ${sorted[0]!.toFixed(0)} ms`;
};

try {
  const seeded = await seedKnowledgeBase();
  console.log(`knowledge base: ${seeded.skipped ? 'already seeded' : `${seeded.total} chunks (${seeded.embedded} embedded) in ${seeded.ms} ms`}`);
  const userId = randomUUID();
  await putProfile({ ...newProfile({ userId, email: `bench-${userId.slice(0, 8)}@example.com`, now: new Date() }), subscription_status: 'premium' });
  const targets = (await Promise.all(['geography', 'history', 'religion'].map((s) => wrongRound(userId, s)))).flat();

  const first: number[] = [];
  const cached: number[] = [];
  let grounded = 0;
  let fallback = 0;
  let cold = 0;
  for (const [i, t] of targets.entries()) {
    const event = () => httpEvent({ sub: userId, body: t });
    let started = performance.now();
    const a = await explainQuestion(event());
    const ms = performance.now() - started;
    if (a.statusCode !== 200) throw new Error(`explanation answered ${a.statusCode}: ${a.body}`);
    if (i === 0) cold = ms;
    else first.push(ms);
    if (process.env.BENCH_EXPLANATIONS_SHOW) console.log(JSON.stringify(body(a).explanation, null, 1));
    if (body(a).fallback) fallback += 1;
    else grounded += 1;
    started = performance.now();
    const b = await explainQuestion(event());
    cached.push(performance.now() - started);
    if (!body(b).cached && !body(b).fallback) throw new Error('the second request was not served from the cache');
  }
  console.log(`generator: ${(await textGenerator()).id}; ${targets.length} wrong answers (${PER_SUBJECT} per subject, beginner): ${grounded} grounded, ${fallback} fallback (nothing relevant found)`);
  console.log(`first request, cold process (loads the word vectors and the knowledge base): ${cold.toFixed(0)} ms`);
  console.log(`first request (search + generation + cache write), ${first.length} answers: ${stats(first)}`);
  console.log(`second request (from the cache), ${cached.length} answers: ${stats(cached)}`);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
