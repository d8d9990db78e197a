import { readFileSync, writeFileSync } from 'node:fs';
import { ensureTable, startDynamoDb } from '../infra/local/dynamodb.ts';
import { stopChildren } from '../infra/local/processes.ts';
import { useEmbeddedAiOnTable } from './support/embedded-ai-env.ts';
import { describeTally, evalSetSchema, grade, percentile, tally, type EvalQuestion, type Outcome } from '../shared/tutor/evaluation.ts';

/**
 * `npm run eval:tutor`: asks the embedded tutor every question of
 * eval/tutor-questions.json exactly as POST /api/tutor/chat does (answerQuestion with the
 * route's dependencies, tutorDeps; embedded provider, no network) over a knowledge base seeded
 * as `npm start` seeds it, in DynamoDB Local in memory. Prints right / wrong / abstained
 * overall, per subject, per question type and per phrasing (shared/tutor/evaluation.ts defines
 * them), and the latency to the first streamed piece and to the complete answer (p50/p95;
 * the first question, which loads the word vectors, is timed apart).
 *
 *   npm run eval:tutor                       # figures, then every wrong and abstained answer
 *   npm run eval:tutor -- --all              # every answer
 *   npm run eval:tutor -- --only g-cap       # questions whose id starts so
 *   npm run eval:tutor -- --json out.json    # the answers and outcomes, for comparing runs
 *   npm run eval:tutor -- --retrieval        # also the 96-question retrieval check per subject, with its misses
 */
const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const PORT = Number(process.env.EVAL_TUTOR_PORT ?? 20000 + Math.floor(Math.random() * 20000));
const TABLE = 'quizquest-eval-tutor';

useEmbeddedAiOnTable(TABLE);

const set = evalSetSchema.parse(JSON.parse(readFileSync(new URL('../eval/tutor-questions.json', import.meta.url), 'utf8')));
const only = flag('--only');
const questions = set.questions.filter((q) => !only || q.id.startsWith(only));

interface Row {
  readonly question: EvalQuestion;
  readonly response: string;
  readonly grounded: boolean;
  readonly citations: readonly string[];
  readonly outcome: Outcome;
  readonly firstMs: number;
  readonly fullMs: number;
}

try {
  const endpoint = await startDynamoDb({ port: PORT });
  process.env.AWS_ENDPOINT_URL_DYNAMODB = endpoint;
  await ensureTable(endpoint, TABLE);
  // Imported after the environment is set: the clients read it once.
  const { seedKnowledgeBase } = await import('../functions/knowledge/seed.ts');
  const { knowledgeBase } = await import('../functions/ai/index.ts');
  const { answerQuestion } = await import('../functions/tutor/answer.ts');
  const { tutorDeps } = await import('../functions/tutor/deps.ts');
  const seeded = await seedKnowledgeBase();
  console.log(`Knowledge base seeded: ${seeded.total} chunks (${(seeded.ms / 1000).toFixed(1)} s)`);
  if (args.includes('--retrieval')) {
    const { measureRetrieval } = await import('../functions/knowledge/retrieval-quality.ts');
    const { chunkSearch } = await import('../functions/ai/index.ts');
    const quality = await measureRetrieval(chunkSearch());
    console.log(`\nRetrieval (right passage in the top 3): ${quality.hits}/${quality.cases}`);
    for (const [subject, b] of Object.entries(quality.bySubject)) console.log(`  ${subject.padEnd(12)} ${b.hits}/${b.cases} (${((100 * b.hits) / b.cases).toFixed(1)} %)`);
    for (const m of quality.misses) console.log(`  miss: ${m.query}\n      expected ${m.expected}; got ${m.got.join(' | ')}`);
  }

  const ask = async (message: string, subject: EvalQuestion['askAs']) => {
    const started = performance.now();
    let first: number | undefined;
    const answer = await answerQuestion(
      { message, subject, history: [], onText: () => void (first ??= performance.now() - started) },
      tutorDeps(knowledgeBase()),
    );
    const fullMs = performance.now() - started;
    return { answer, firstMs: first ?? fullMs, fullMs };
  };

  const cold = await ask('What is the capital of Peru?', 'geography');
  const rows: Row[] = [];
  for (const question of questions) {
    const { answer, firstMs, fullMs } = await ask(question.question, question.askAs);
    rows.push({
      question,
      response: answer.response,
      grounded: answer.grounded,
      citations: answer.citations.map((c) => `${c.title} (${c.kind})`),
      outcome: grade(question, answer),
      firstMs,
      fullMs,
    });
  }

  const outcome = (r: Row) => r.outcome;
  const print = (title: string, key: (r: Row) => string) => {
    console.log(`\n${title}`);
    for (const [k, t] of tally(rows, outcome, key)) if (k !== 'all') console.log(`  ${k.padEnd(12)} ${describeTally(t)}`);
  };
  console.log(`\nAI tutor evaluation, embedded provider, ${rows.length} questions (eval/tutor-questions.json v${set.version})`);
  console.log(`  overall      ${describeTally(tally(rows, outcome, () => 'all').get('all') ?? { right: 0, wrong: 0, abstained: 0 })}`);
  print('Per subject', (r) => r.question.subject);
  print('Per question type', (r) => r.question.type);
  print('Per phrasing', (r) => r.question.phrasing);
  const ms = (n: number) => `${Math.round(n)} ms`;
  const first = rows.map((r) => r.firstMs);
  const full = rows.map((r) => r.fullMs);
  console.log('\nLatency (warm; in-process, DynamoDB Local)');
  console.log(`  cold first question: first piece ${ms(cold.firstMs)}, complete answer ${ms(cold.fullMs)}`);
  console.log(`  first streamed piece: p50 ${ms(percentile(first, 50))}, p95 ${ms(percentile(first, 95))}`);
  console.log(`  complete answer:      p50 ${ms(percentile(full, 50))}, p95 ${ms(percentile(full, 95))}`);

  const shown = args.includes('--all') ? rows : rows.filter((r) => r.outcome !== 'right');
  if (shown.length) console.log(`\n${args.includes('--all') ? 'Every answer' : 'Wrong and abstained answers'}:`);
  for (const r of shown) {
    const text = r.response.split(/\n\s*Sources:/)[0]!.replace(/\s+/g, ' ').slice(0, 220);
    console.log(`  [${r.outcome}] ${r.question.id} ${r.question.question}\n      expected ${r.question.accept.map((a) => a.join(' + ')).join(' / ')}\n      got: ${text}\n      cited: ${r.citations.join('; ') || '-'}`);
  }
  const out = flag('--json');
  if (out) writeFileSync(out, JSON.stringify(rows.map((r) => ({ id: r.question.id, outcome: r.outcome, response: r.response, citations: r.citations, firstMs: Math.round(r.firstMs), fullMs: Math.round(r.fullMs) })), null, 2));
} finally {
  await stopChildren();
}
