import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { WebSocket } from 'ws';
import { localCognitoClient } from '../infra/local/cognito.ts';
import { startLocalStack } from '../infra/local/stack.ts';
import { postFrom } from '../tests/support/loopback-http.ts';

/**
 * AI tutor latency on the local stack with the embedded provider: a premium
 * student with an open WebSocket asks QUESTIONS questions in turn through POST
 * /api/tutor/chat; each is timed from the request to its first streamed piece on the socket
 * (tutor.chunk) and to the complete HTTP response (p50/p95). The first question of a fresh
 * process also pays for loading the word vectors (reported apart as "cold").
 */
const PORT = Number(process.env.BENCH_TUTOR_PORT ?? 4790);
const QUESTIONS = 40;
const ASKED = [
  { message: 'What is the capital of Peru?', subject: 'geography' },
  { message: 'Which mountains run through Peru?', subject: 'geography' },
  { message: 'Who founded Lima?', subject: 'general' },
  { message: 'When did the Inca capital fall?', subject: 'history' },
];
const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-bench-tutor-'));
process.env.LOG_LEVEL = 'silent';
const stack = await startLocalStack({ port: PORT, dataDir, inMemory: true });
const { documentClient } = await import('../functions/lib/clients.ts');
const { keys } = await import('../functions/data/table-design.ts');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

try {
  const call = async (method: 'POST' | 'GET', path: string, token: string, body?: unknown) => {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const signIn = async (email: string, password: string, ip: string) => {
    const response = await postFrom(ip, `${stack.url}/api/auth/sign-in`, { email, password });
    return response.body as { tokens: { accessToken: string }; profile: { user_id: string } };
  };

  // The material: a document added by the demo admin (the seeded knowledge base holds the countries too).
  const admin = await signIn('admin@quizquest.local', 'Admin#2026', '127.0.11.1');
  const added = await call('POST', '/api/knowledge/documents', admin.tokens.accessToken, {
    documents: [
      {
        title: 'Peru and the Inca',
        subject: 'geography',
        category: 'country-profiles',
        content:
          'Peru is a country in western South America, on the Pacific coast. The capital of Peru is Lima, founded by Francisco Pizarro in 1535. The Andes mountains run through Peru from north to south. Cusco, the Inca capital, fell to the Spanish in 1533.',
      },
    ],
  });
  // Embedded in the background: wait until the document is ready.
  const [addedDoc] = added.documents as { id: string }[];
  for (let tries = 0; ; tries++) {
    const { documents } = (await call('GET', '/api/knowledge/documents', admin.tokens.accessToken)) as { documents: { id: string; status: string }[] };
    if (documents.find((d) => d.id === addedDoc!.id)?.status === 'ready') break;
    if (tries > 300) throw new Error('the document was not embedded');
    await new Promise((r) => setTimeout(r, 50));
  }

  const cognito = localCognitoClient(stack.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER!);
  const email = `bench-tutor-${Date.now()}@example.com`;
  const password = 'Bench#2026pass';
  await cognito.send(new AdminCreateUserCommand({ UserPoolId: stack.env.USER_POOL_ID, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }] }));
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: stack.env.USER_POOL_ID, Username: email, Password: password, Permanent: true }));
  const student = await signIn(email, password, '127.0.11.2');
  await documentClient().send(
    new UpdateCommand({ TableName: stack.env.TABLE_NAME, Key: keys.profile(student.profile.user_id), UpdateExpression: 'SET subscription_status = :p', ExpressionAttributeValues: { ':p': 'premium' } }),
  );
  const token = student.tokens.accessToken;

  const firstChunk = new Map<string, number>();
  const socket = new WebSocket(`${stack.url.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(token)}`);
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as { type: string; data?: { requestId?: string } };
    const id = message.data?.requestId;
    if (message.type === 'tutor.chunk' && id && !firstChunk.has(id)) firstChunk.set(id, performance.now());
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

  const toFirst: number[] = [];
  const toFull: number[] = [];
  let cold: { first: number; full: number } | undefined;
  let grounded = 0;
  for (let i = 0; i < QUESTIONS; i++) {
    const { message, subject } = ASKED[i % ASKED.length]!;
    const requestId = `bench-${i}-${Date.now().toString(36)}`;
    const started = performance.now();
    const answer = await call('POST', '/api/tutor/chat', token, { message, context: { subject, previousMessages: [] }, requestId });
    const full = performance.now() - started;
    // The last piece is pushed before the response is sent; the first is in by now.
    await new Promise((r) => setTimeout(r, 5));
    const first = (firstChunk.get(requestId) ?? performance.now()) - started;
    if (answer.grounded) grounded += 1;
    if (i === 0) cold = { first, full };
    else {
      toFirst.push(first);
      toFull.push(full);
    }
  }
  socket.close();
  const ms = (n: number) => `${Math.round(n)} ms`;
  console.log(`AI tutor, embedded provider, ${QUESTIONS} questions in turn (${grounded} grounded):`);
  console.log(`  cold first question: first piece ${ms(cold!.first)}, complete answer ${ms(cold!.full)}`);
  console.log(`  first streamed piece: p50 ${ms(percentile(toFirst, 50))}, p95 ${ms(percentile(toFirst, 95))}`);
  console.log(`  complete answer (HTTP): p50 ${ms(percentile(toFull, 50))}, p95 ${ms(percentile(toFull, 95))}`);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
