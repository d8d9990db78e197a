import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROLE_HOME } from '../../shared/constants.ts';
import { Mailbox } from '../../infra/local/mailbox.ts';
import { apiFor } from '../support/api.ts';
import { confirmedAccount, launchChromium } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';
import { finishOnScreen, nextRound } from '../support/e2e-rounds.ts';
import { freshLoopbackAddress, postFrom } from '../support/loopback-http.ts';
import { e2eAdmin } from '../support/e2e-admins.ts';

/**
 * Every page of the app, as each role that may open it (route-access.ts), at phone widths
 *: at 320 and 390 px the page never scrolls sideways, and axe
 * finds nothing serious or critical at either width. One browser, one page per role, the routes
 * in sequence; a failure names the page, the widest element, and axe's rule and target.
 */
const baseUrl = inject('baseUrl');
const mailbox = new Mailbox(inject('e2eMailDir'));
const { api, accessToken } = apiFor(baseUrl);
const ADMIN = e2eAdmin('phone-width');
/**
 * axe's source, evaluated in the page: the app's CSP (script-src 'self') refuses the inline
 * <script> that addScriptTag would add, and the sweep keeps the CSP the app really has.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');
const WIDTHS = [320, 390] as const;

/** Pages every visitor may open, signed in or not. */
const PUBLIC = ['/', '/leaderboard'];
const STUDENT = [
  ROLE_HOME.student, '/subscription', ...PUBLIC, '/quiz/geography/beginner', '/competition', '/friends', '/friends?tab=challenges', '/profile',
  '/notifications', '/daily-challenge/:today', '/study-groups', '/review', '/spaced-repetition', '/study', '/live-competitions',
  '/live-match/:tournament', '/offline', '/adaptive', '/learning-style', '/study-plans', '/progress-reports', '/ai-tutor',
  '/video-explanations',
];

type Finding = { page: string; width: number; what: string };
const findings: Finding[] = [];

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function userId(account: { email: string; password: string }): Promise<string> {
  const response = await postFrom(freshLoopbackAddress(), `${baseUrl}/api/auth/sign-in`, account);
  expect(response.status).toBe(200);
  return (response.body as { profile: { user_id: string } }).profile.user_id;
}

/** A fresh account of `role` (and plan): signed up, confirmed, then changed by the admin. */
async function account(prefix: string, role: 'student' | 'parent' | 'teacher', plan: 'free' | 'premium') {
  const made = await confirmedAccount(baseUrl, mailbox, prefix);
  if (role !== 'student' || plan !== 'free') {
    const id = await userId(made);
    const edited = await api(await accessToken(ADMIN), 'PATCH', `/api/admin/users/${id}`, { email: made.email, role, subscription_status: plan });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  }
  return made;
}

/** Requests each page has in flight (fetches, scripts, images; a socket is not one), kept by `track`. */
const inFlight = new WeakMap<Page, Set<unknown>>();

function track(p: Page): Page {
  const open = new Set<unknown>();
  inFlight.set(p, open);
  p.on('request', (r) => open.add(r));
  p.on('requestfinished', (r) => open.delete(r));
  p.on('requestfailed', (r) => open.delete(r));
  return p;
}

/**
 * Waits until the page has drawn its data: scrolled to its end (sections that load as they near
 * the screen load too), no skeleton or busy region left, and no request in flight for 150 ms.
 * Playwright's networkidle would wait 500 ms of quiet on each of ~70 pages.
 */
async function settle(p: Page): Promise<void> {
  const open = inFlight.get(p)!;
  await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await p
    .waitForFunction(() => !document.querySelector('.skeleton, [aria-busy="true"]'), undefined, { timeout: 5_000, polling: 50 })
    .catch(() => undefined);
  const deadline = Date.now() + 8_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 150) break;
    await p.waitForTimeout(25);
  }
  await p.evaluate(() => window.scrollTo(0, 0));
}

/** Whether the page scrolls sideways, and if so its widest element outside any scrolling box. */
async function sideways(p: Page): Promise<string | null> {
  return p.evaluate(() => {
    const root = document.scrollingElement!;
    if (root.scrollWidth <= root.clientWidth) return null;
    const inScroller = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const x = getComputedStyle(a).overflowX;
        if (x !== 'visible') return true;
      }
      return false;
    };
    const describe = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}>` +
      ` "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}"`;
    const over = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5 && !inScroller(el));
    const widestOf = (els: Element[]) => els.reduce<Element | null>((a, b) => (!a || b.getBoundingClientRect().width > a.getBoundingClientRect().width ? b : a), null);
    const text = (el: Element | null) => {
      if (!el) return 'none found';
      const r = el.getBoundingClientRect();
      return `${describe(el)} ${Math.round(r.width)} px wide, right edge at ${Math.round(r.right)} px`;
    };
    // The widest element past the edge, and the widest of those with nothing past the edge inside (where the width comes from).
    const innermost = widestOf(over.filter((el) => !over.some((o) => o !== el && el.contains(o))));
    return `scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth}; widest: ${text(widestOf(over))}; innermost: ${text(innermost)}`;
  });
}

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

async function axeFindings(p: Page): Promise<string[]> {
  if (!(await p.evaluate(() => 'axe' in window))) await p.evaluate(AXE_SOURCE);
  const violations = await p.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    // label-content-name-mismatch is experimental in axe (off unless asked): a button's name must contain its visible text (WCAG 2.5.3).
    const result = await axe.run(document, { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `axe ${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/** Opens each path in turn in one page and checks it at every width. */
async function sweep(p: Page, who: string, paths: string[], resolve: (path: string) => string = (x) => x): Promise<void> {
  for (const path of paths) {
    const name = `${who} ${path}`;
    await p.setViewportSize({ width: Math.max(...WIDTHS), height: 800 });
    await p.goto(`${baseUrl}${resolve(path)}`);
    await settle(p);
    const landed = new URL(p.url()).pathname;
    const wanted = new URL(`${baseUrl}${resolve(path)}`).pathname;
    if (landed !== wanted) findings.push({ page: name, width: 0, what: `sent to ${landed}` });
    await checkWidths(p, name);
  }
}

/**
 * The page as it is now, at every width (widest first; it is left at the narrowest): no sideways
 * scroll at each, and axe at the narrowest. No style rule changes between 320 and 390 px (the
 * app's breakpoints are 25rem and up, and no script reads the width), so axe's findings at
 * 390 px would be those at 320 px, where the layout is tightest; each run costs about a second.
 */
async function checkWidths(p: Page, name: string): Promise<void> {
  const narrowest = Math.min(...WIDTHS);
  for (const width of [...WIDTHS].sort((a, b) => b - a)) {
    await p.setViewportSize({ width, height: 800 });
    await p.waitForFunction((w) => document.documentElement.clientWidth <= w, width);
    const wide = await sideways(p);
    if (wide) findings.push({ page: name, width, what: wide });
    if (width === narrowest) for (const what of await axeFindings(p)) findings.push({ page: name, width, what });
    // PHONE_SCREENSHOTS=1: every page at every width in .screenshots/phone-width/, to look at.
    if (process.env.PHONE_SCREENSHOTS) await p.screenshot({ path: `.screenshots/phone-width/${width}/${name.replace(/[^\w-]+/g, '_')}.png`, fullPage: true });
  }
}

/**
 * Screens a page reaches only by playing: a quiz's feedback and results, the tutor's answer with
 * its sources. The round's first answer is given on screen; the rest through the API as the page
 * sends them, but the last, so the page shows its own results.
 */
async function playedStates(p: Page, who: string, token: string): Promise<void> {
  await p.setViewportSize({ width: Math.max(...WIDTHS), height: 800 });
  const started = nextRound(p);
  await p.goto(`${baseUrl}/quiz/history/beginner`);
  const round = await started;
  await p.getByText(`Question 1 of ${round.questions.length}`).waitFor();
  await p.getByRole('list', { name: 'Answers' }).getByRole('button').first().click();
  await p.getByText(/Correct|Incorrect/).first().waitFor();
  await checkWidths(p, `${who} quiz feedback`);
  await p.setViewportSize({ width: Math.max(...WIDTHS), height: 800 });
  await finishOnScreen(p, baseUrl, token, round, 0, 1);
  await p.getByRole('dialog', { name: 'Quiz Complete!' }).waitFor();
  await settle(p);
  await checkWidths(p, `${who} quiz results`);

  await p.setViewportSize({ width: Math.max(...WIDTHS), height: 800 });
  await p.goto(`${baseUrl}/ai-tutor`);
  const replies = p.getByRole('log', { name: 'Conversation' }).getByRole('listitem').filter({ hasText: 'AI Tutor' });
  await p.getByRole('group', { name: 'Quick questions' }).getByRole('button').first().click();
  await p.getByRole('log', { name: 'Conversation' }).getByRole('listitem').filter({ hasText: /^You/ }).waitFor();
  await expect.poll(() => replies.count(), { timeout: 30_000 }).toBeGreaterThan(0);
  await p.waitForFunction(() => !document.querySelector('[data-testid="tutor-streaming"]'), undefined, { timeout: 30_000 });
  await checkWidths(p, `${who} ai-tutor answer`);
}

async function signedInPage(account: { email: string; password: string }, home: string): Promise<{ p: Page; token: string }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const p = track(await context.newPage());
  p.setDefaultTimeout(15_000);
  const { token } = await openSignedIn(p, baseUrl, account);
  await p.waitForURL((url) => url.pathname === home);
  return { p, token };
}

function report(who: string): void {
  const mine = findings.filter((f) => f.page.startsWith(`${who} `));
  expect(mine.map((f) => `${f.page} @ ${f.width} px: ${f.what}`).join('\n')).toBe('');
}

describe('every page at phone widths: no sideways scroll, nothing serious for axe', { timeout: 300_000 }, () => {
  it('signed out', async () => {
    const context = await browser.newContext();
    const p = track(await context.newPage());
    p.setDefaultTimeout(15_000);
    await sweep(p, 'visitor', [...PUBLIC, '/auth', '/auth?mode=sign-up', '/reset-password']);
    await context.close();
    report('visitor');
  });

  for (const plan of ['free', 'premium'] as const) {
    it(`student (${plan})`, async () => {
      const student = await account(`phone-${plan}`, 'student', plan);
      const token = await accessToken(student);
      const today = await api(token, 'GET', '/api/daily-challenges/today');
      const tournaments = await api(token, 'GET', '/api/tournaments');
      const list = (tournaments.body?.tournaments ?? []) as { id: string }[];
      const tournament = list[0]?.id ?? 'none';
      if (plan === 'premium' && list[0]) await api(token, 'POST', `/api/tournaments/${tournament}/register`);
      const ids: Record<string, string> = { ':today': today.body?.challenge?.id ?? 'none', ':tournament': tournament };
      const { p, token: pageToken } = await signedInPage(student, ROLE_HOME.student);
      await sweep(p, `student-${plan}`, STUDENT, (path) => path.replace(/:\w+/, (k) => encodeURIComponent(ids[k] ?? k)));
      if (plan === 'premium') await playedStates(p, `student-${plan}`, pageToken);
      await p.context().close();
      report(`student-${plan}`);
    });
  }

  for (const role of ['parent', 'teacher'] as const) {
    it(role, async () => {
      const person = await account(`phone-${role}`, role, 'free');
      const { p } = await signedInPage(person, ROLE_HOME[role]);
      await sweep(p, role, [ROLE_HOME[role], '/subscription', ...PUBLIC]);
      await p.context().close();
      report(role);
    });
  }

  it('admin', async () => {
    const { p } = await signedInPage(ADMIN, ROLE_HOME.admin);
    await sweep(p, 'admin', [ROLE_HOME.admin, `${ROLE_HOME.admin}?tab=documents`, `${ROLE_HOME.admin}?tab=users`, '/study', '/subscription', ...PUBLIC]);
    await p.context().close();
    report('admin');
  });
});
