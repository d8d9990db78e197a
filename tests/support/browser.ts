import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, inject } from 'vitest';
import { Mailbox, type StoredMail } from '../../infra/local/mailbox.ts';

/** Debian's Chromium, headless, with the flags this closed network needs. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function useBrowser(): { page: () => Page; baseUrl: string; mailbox: Mailbox } {
  let browser: Browser;
  let current: Page;
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}; install Debian's chromium (see .ci/run)`);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });
  beforeEach(async () => {
    const context = await browser.newContext();
    current = await context.newPage();
    current.setDefaultTimeout(10_000);
  });
  afterEach(async () => {
    await current.context().close();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return { page: () => current, baseUrl: inject('baseUrl'), mailbox: new Mailbox(inject('e2eMailDir')) };
}

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export async function latestMail(mailbox: Mailbox, to: string, subject: RegExp): Promise<StoredMail> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail = mailbox.list().find((m) => m.to.includes(to) && subject.test(m.subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No "${subject}" e-mail to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const PASSWORD = 'Harbour#5521';

/** A confirmed account made through the API, for flows that start after sign-up. */
export async function confirmedAccount(baseUrl: string, mailbox: Mailbox, prefix = 'e2e'): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(prefix);
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const created = await post('/api/auth/sign-up', { email, password: PASSWORD });
  if (created.status !== 201) throw new Error(`sign-up failed: ${created.status}`);
  const token = /confirm=([\w-]+)/.exec((await latestMail(mailbox, email, /Confirm/)).text)![1];
  const confirmed = await post('/api/auth/confirm', { token });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status}`);
  return { email, password: PASSWORD };
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}
