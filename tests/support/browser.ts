import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, inject } from 'vitest';
import { Mailbox, type StoredMail } from '../../infra/local/mailbox.ts';
import { totpCode } from '../../infra/local/totp.ts';

/** Debian's Chromium, headless, with the flags this closed network needs. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}; install Debian's chromium (see .ci/run)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export function useBrowser(): { page: () => Page; baseUrl: string; mailbox: Mailbox } {
  let browser: Browser;
  let current: Page;
  beforeAll(async () => {
    browser = await launchChromium();
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
  // Each fixture account arrives from its own loopback address, as separate students would:
  // the suite makes more accounts than one address may sign up in an hour (the limit is real).
  const from = nextLoopbackAddress();
  const post = (path: string, body: unknown) => postJsonFrom(from, `${baseUrl}${path}`, body);
  const created = await post('/api/auth/sign-up', { email, password: PASSWORD });
  if (created.status !== 201) throw new Error(`sign-up failed: ${created.status}`);
  const token = /confirm=([\w-]+)/.exec((await latestMail(mailbox, email, /Confirm/)).text)![1];
  const confirmed = await post('/api/auth/confirm', { token });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status}`);
  return { email, password: PASSWORD };
}

let loopbackCounter = 0;
/** 127.1.x.y: any 127/8 address is this machine on Linux, and the local edge sees it as the viewer's. */
function nextLoopbackAddress(): string {
  loopbackCounter += 1;
  // 250 × 250 addresses: both octets stay within 0–250 whatever the process id.
  const n = (process.pid * 7 + loopbackCounter) % 62_500;
  return `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/** A JSON POST whose TCP connection starts from `localAddress`; answers the status. */
function postJsonFrom(localAddress: string, url: string, body: unknown): Promise<{ status: number }> {
  const payload = JSON.stringify(body);
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: target.port, path: target.pathname, method: 'POST', localAddress, family: 4,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), host: target.host } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // Seeded admins sign in with two steps: the code their authenticator app would show.
  const key = inject('authenticatorKeys')[email];
  if (key) {
    await page.getByLabel('Authentication code').fill(totpCode(key));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
  }
}
