import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { QUICK_QUESTIONS } from '../../shared/tutor/tutor.ts';
import { apiFor } from '../support/api.ts';
import { confirmedAccount, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';
import { e2eAdmin } from '../support/e2e-admins.ts';

const { page, baseUrl, mailbox } = useBrowser();
const { api, accessToken } = apiFor(baseUrl);
const ADMIN = e2eAdmin('ai-generation');
const run = Date.now().toString(36);

/** An admin's document, added through the knowledge base's API (the Documents tab's form does the same). */
async function addDocument(doc: { title: string; subject: string; category: string; content: string }): Promise<void> {
  const token = await accessToken(ADMIN);
  const added = await api(token, 'POST', '/api/knowledge/documents', { documents: [doc] });
  expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
  // Embedded in the background: the tutor finds it once it is ready.
  const id = (added.body as { documents: { id: string }[] }).documents[0]!.id;
  await expect
    .poll(async () => ((await api(token, 'GET', '/api/knowledge/documents')).body as { documents: { id: string; status: string }[] }).documents.find((d) => d.id === id)?.status, { timeout: 15_000 })
    .toBe('ready');
}

async function startTrial(p: Page): Promise<void> {
  await p.goto(`${baseUrl}/subscription`);
  await p.getByRole('button', { name: 'Start Free Trial' }).first().click();
  await p.getByText(/Your 7-day Premium trial is active until/).waitFor();
}

describe('AI tutor', () => {
  it('a premium student asks about Peru with Geography selected and sees the answer arrive in pieces, naming Lima, with its source', async () => {
    const title = `Peru fact sheet ${run}`;
    await addDocument({
      title,
      subject: 'geography',
      category: 'country-profiles',
      content:
        'Peru is a country in western South America, on the Pacific coast. The capital of Peru is Lima, its largest city, founded by Francisco Pizarro in 1535. The Andes mountains run through Peru from north to south, and Machu Picchu stands high above the Urubamba valley.',
    });
    const p = page();
    const account = await confirmedAccount(baseUrl, mailbox, 'tutor');
    await openSignedIn(p, baseUrl, account);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();

    // Free: the premium gate's description, no chat.
    await p.goto(`${baseUrl}/ai-tutor`);
    await p.getByRole('heading', { name: 'The AI tutor is part of Premium' }).waitFor();
    expect(await p.getByRole('log', { name: 'Conversation' }).count()).toBe(0);
    await startTrial(p);

    // The pieces pushed over the WebSocket, as the page receives them.
    const chunks: string[] = [];
    p.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => typeof payload === 'string' && payload.includes('tutor.chunk') && chunks.push(payload)));
    await p.goto(`${baseUrl}/ai-tutor`);
    await p.getByRole('heading', { name: 'AI Tutor', level: 1 }).waitFor();
    const quick = p.getByRole('group', { name: 'Quick questions' });
    await quick.waitFor();
    expect(await quick.getByRole('button').count()).toBe(QUICK_QUESTIONS.length);

    await p.getByLabel('Subject').selectOption('geography');
    const box = p.getByLabel('Your question');
    // Whitespace only: nothing is sent.
    await box.fill('   ');
    expect(await p.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await box.fill('What is the capital of Peru?');
    await box.press('Enter');

    const log = p.getByRole('log', { name: 'Conversation' });
    const reply = log.getByRole('listitem').filter({ hasText: 'AI Tutor' }).filter({ hasText: 'Lima' });
    await reply.waitFor({ timeout: 30_000 });
    expect(await quick.count()).toBe(0);
    await log.getByRole('listitem').filter({ hasText: /^You\s*What is the capital of Peru\?/ }).waitFor();
    const sources = reply.getByText(/\[\d\] /);
    expect(await sources.count()).toBeGreaterThan(0);
    expect((await reply.textContent()) ?? '').toMatch(/Sources/);
    await expect.poll(() => chunks.length).toBeGreaterThan(0);
    const streamed = chunks.map((c) => (JSON.parse(c) as { data: { text: string } }).data.text).join('');
    expect(streamed).toContain('Lima');
    await p.getByText(/49 questions left today/).waitFor();
  }, 90_000);
});

describe('admin generation', () => {
  it('an admin generates questions from a document, approves one, and a student’s round focused on its topic draws it', async () => {
    // Religion: the end-to-end tests that answer rounds from the shipped bank's key play geography and history.
    const category = `buddhism-origins-${run}`;
    const title = `Origins of Buddhism notes ${run}`;
    await addDocument({
      title,
      subject: 'religion',
      category,
      content:
        'Buddhism began in South Asia with the teaching of Siddhartha Gautama, who is called the Buddha. He was born in Lumbini, in present-day Nepal. According to tradition he reached enlightenment under a tree at Bodh Gaya. He gave his first teaching in a deer park at Sarnath, near Varanasi. The emperor Ashoka helped Buddhism spread across India in the third century BCE.',
    });
    const p = page();
    await openSignedIn(p, baseUrl, ADMIN);
    await p.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await p.getByRole('tab', { name: 'Documents' }).click();

    const panel = p.getByRole('region', { name: 'AI Question Generation' });
    await panel.getByLabel('Find a document').fill('Buddhism Siddhartha Gautama Lumbini');
    await panel.getByRole('radio', { name: new RegExp(title) }).check();
    await panel.getByLabel('Number of questions').fill('5');
    await panel.getByRole('button', { name: 'Generate Questions' }).click();
    await panel.getByText(/^Successfully generated \d+ questions$/).waitFor({ timeout: 30_000 });

    const item = panel.getByRole('article').filter({ hasText: title }).first();
    await item.waitFor();
    const question = ((await item.locator('p').nth(1).textContent()) ?? '').trim();
    expect(question).toMatch(/^Fill in the blank: /);
    await item.getByRole('button', { name: 'Approve' }).click();
    await panel.getByText('Question approved: it is now in the question bank').first().waitFor();
    await expect.poll(async () => panel.getByText(question, { exact: true }).count()).toBe(0);

    // Playable: a student's round focused on the document's topic draws it.
    const student = await confirmedAccount(baseUrl, mailbox, 'drawer');
    const token = await accessToken(student);
    const round = await api(token, 'POST', '/api/quiz/rounds', { subject: 'religion', level: 'beginner', focus: category, questionCount: 10 });
    expect(round.status, JSON.stringify(round.body)).toBe(201);
    expect(round.body.questions.map((q: { question: string }) => q.question)).toContain(question);
  }, 90_000);
});
