/**
 * Screenshots of every screen, before and after a change, compared pixel by pixel.
 *
 *   npm run screenshots:compare                     # working tree against HEAD
 *   npm run screenshots:compare -- --base <git ref> # working tree against any commit
 *   npm run screenshots:compare -- --base <ref> --head <ref>
 *                                   # two commits: one change alone, whatever else is in the tree
 *
 * Both web builds are shown the same data: a first pass plays every flow with the "before"
 * build against the local stack and records each API answer; then each build plays the same
 * flows on that recording (ApiTape), with the page's clock frozen at the same instant. So
 * the only thing that differs between the two shots is the web build, which is the point.
 * Output: .screenshots/{before,after,diff}/, a diff PNG for every screen that differs.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pixelmatch from 'pixelmatch';
import { chromium, type BrowserContext, type Page, type Route } from 'playwright-core';
import { PNG } from 'pngjs';
import { buildWebIfStale } from '../infra/local/build-web.ts';
import { startLocalStack } from '../infra/local/stack.ts';

const root = resolve(import.meta.dirname, '..');
const out = join(root, '.screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;
type Viewport = keyof typeof VIEWPORTS;

const DEMO = {
  student: ['student@quizquest.local', 'Student#2026'],
  parent: ['parent@quizquest.local', 'Parent#2026'],
  teacher: ['teacher@quizquest.local', 'Teacher#2026'],
  admin: ['admin@quizquest.local', 'Admin#2026'],
} as const;

/* ---------- API record / replay ---------- */

interface Exchange {
  key: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}
interface Recording {
  clock: number;
  exchanges: Exchange[];
}

/** Method, path and body: what makes two API calls "the same call" across the two runs. */
function requestKey(route: Route): string {
  const request = route.request();
  const url = new URL(request.url());
  return `${request.method()} ${url.pathname}${url.search} ${request.postData() ?? ''}`;
}

/**
 * Replays a recording so that what the page is told depends on what the person did, not on
 * timing: changes (POST, PUT, PATCH, DELETE) are answered in recorded order, and a read gets
 * the last answer it had before the next recorded change, however often the page polled.
 */
class ApiTape {
  private readonly used = new Set<number>();
  private lastChange = -1;
  pending = 0;
  /** API paths (regular expressions) the current screen answers with a 500, in both runs alike. */
  failing: RegExp[] = [];
  missed: string[] = [];

  constructor(
    readonly mode: 'record' | 'replay',
    readonly recording: Recording,
  ) {}

  private pick(key: string, change: boolean): Exchange | undefined {
    const all = this.recording.exchanges;
    const same = all.map((e, i) => [e, i] as const).filter(([e]) => e.key === key);
    if (change) {
      const found = same.find(([, i]) => i > this.lastChange && !this.used.has(i)) ?? same.find(([, i]) => !this.used.has(i)) ?? same.at(-1);
      if (found) {
        this.used.add(found[1]);
        this.lastChange = found[1];
      }
      return found?.[0];
    }
    const isChange = (e: Exchange) => !e.key.startsWith('GET ');
    let nextChange = all.findIndex((e, i) => i > this.lastChange && isChange(e));
    if (nextChange === -1) nextChange = all.length;
    const before = same.filter(([, i]) => i < nextChange).at(-1);
    return (before ?? same.find(([, i]) => i >= nextChange))?.[0];
  }

  async handle(route: Route): Promise<void> {
    this.pending += 1;
    try {
      const key = requestKey(route);
      if (this.failing.some((pattern) => pattern.test(new URL(route.request().url()).pathname))) {
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"Screenshot: forced failure"}}' });
        return;
      }
      if (this.mode === 'record') {
        const response = await route.fetch();
        const body = (await response.body()).toString('base64');
        this.recording.exchanges.push({ key, status: response.status(), headers: response.headers(), body });
        await route.fulfill({ status: response.status(), headers: response.headers(), body: Buffer.from(body, 'base64') });
        return;
      }
      const next = this.pick(key, route.request().method() !== 'GET');
      if (!next) {
        this.missed.push(key);
        await route.continue();
        return;
      }
      await route.fulfill({ status: next.status, headers: next.headers, body: Buffer.from(next.body, 'base64') });
    } catch (error) {
      // The page went away with a call in flight (the last sign-out): nothing left to answer.
      if (!String(error).includes('disposed') && !String(error).includes('closed')) throw error;
    } finally {
      this.pending -= 1;
    }
  }
}

/* ---------- the web build, served from disk ---------- */

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain',
  '.woff2': 'font/woff2',
};

/** Answers page and asset requests from `dist` (index.html for app paths), so one stack serves either build. */
async function serveDist(route: Route, dist: string): Promise<void> {
  const path = decodeURIComponent(new URL(route.request().url()).pathname);
  const file = join(dist, path);
  const found = path !== '/' && file.startsWith(dist) && existsSync(file) && extname(file) !== '';
  const target = found ? file : join(dist, 'index.html');
  await route.fulfill({ status: 200, contentType: TYPES[extname(target)] ?? 'application/octet-stream', body: readFileSync(target) });
}

/* ---------- the screens ---------- */

async function settle(page: Page, tape: ApiTape): Promise<void> {
  await page.waitForLoadState('load');
  // No API call in flight for a while, every image decoded, fonts ready.
  let quiet = 0;
  for (let i = 0; i < 100 && quiet < 4; i++) {
    quiet = tape.pending === 0 ? quiet + 1 : 0;
    await page.waitForTimeout(100);
  }
  // Whatever is still loading (a query retrying after an error) finishes first.
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], .spinner'), undefined, { timeout: 10_000 })
    .catch(() => console.warn(`still busy after 10 s: ${page.url()}`));
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all([...document.images].map((img) => (img.complete ? null : img.decode().catch(() => null))));
  });
  await page.waitForTimeout(150);
}

async function signIn(page: Page, base: string, [email, password]: readonly [string, string]): Promise<void> {
  await page.goto(`${base}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
}

/**
 * The verdict shows for VERDICT_MS (1.2 s) before the next question: hold that one timer
 * until the feedback has been shot, however slow the machine is.
 */
async function holdVerdict(page: Page): Promise<void> {
  // A string, not a function: tsx would wrap named functions in a helper the page lacks.
  await page.evaluate(`{
    const real = window.setTimeout;
    const held = [];
    window.setTimeout = (handler, ms, ...args) => {
      if (ms === 1200 && typeof handler === 'function') {
        held.push(() => handler(...args));
        return 0;
      }
      return real(handler, ms, ...args);
    };
    window.releaseVerdict = () => {
      window.setTimeout = real;
      for (const run of held.splice(0)) run();
    };
  }`);
}

/** Answers every question of the round on screen with `letter`. */
async function playRound(page: Page, letter: string, shot?: (name: string) => Promise<void>): Promise<void> {
  for (let n = 1; n <= 10; n++) {
    await page.getByText(`Question ${n} of 10`).waitFor();
    if (n === 1 && shot) {
      await shot('quiz-question');
      await holdVerdict(page);
    }
    await page.getByRole('button', { name: new RegExp(`^${letter}\\. `) }).click();
    if (n === 1 && shot) {
      await page.getByText(/Correct!|Incorrect\. The answer is/).first().waitFor();
      await shot('quiz-feedback');
      await page.evaluate('window.releaseVerdict()');
    }
  }
  await page.getByRole('dialog', { name: 'Quiz Complete!' }).waitFor();
}

/** Every screen, each shot at both widths in turn, so both see the same state of the one account. */
async function shootAll(context: BrowserContext, base: string, tape: ApiTape, dir: string): Promise<string[]> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const names: string[] = [];
  let count = 0;
  const shot = async (name: string) => {
    count += 1;
    for (const viewport of Object.keys(VIEWPORTS) as Viewport[]) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await settle(page, tape);
      const file = `${String(count).padStart(2, '0')}-${name}-${viewport}.png`;
      if (tape.mode === 'replay') await page.screenshot({ path: join(dir, file), fullPage: true, animations: 'disabled', caret: 'hide' });
      names.push(file);
    }
    await page.setViewportSize(VIEWPORTS.desktop);
  };
  const visit = async (path: string, name: string, ready: () => Promise<unknown>) => {
    await page.goto(`${base}${path}`);
    await ready();
    await shot(name);
  };

  // Signed out.
  await visit('/', 'landing', () => page.getByRole('heading', { level: 1 }).first().waitFor());
  await visit('/auth', 'sign-in', () => page.getByRole('button', { name: 'Sign In', exact: true }).waitFor());
  await visit('/auth?mode=sign-up', 'sign-up', () => page.getByRole('button', { name: 'Create Account' }).waitFor());
  await page.getByLabel('Email').fill(`shots@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Harbour#5521');
  const confirm = page.getByLabel(/Confirm/);
  if (await confirm.count()) await confirm.first().fill('Harbour#5521');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('heading', { name: /Check Your Email/i }).waitFor();
  await shot('sign-up-sent');
  await visit('/auth?action=forgot-password', 'forgot-password', () => page.getByRole('dialog').waitFor());
  await visit('/reset-password', 'reset-password-invalid', () => page.getByRole('heading', { level: 1 }).first().waitFor());
  await visit('/reset-password?token=not-a-real-token', 'reset-password-bad-token', () => page.getByRole('heading', { level: 1 }).first().waitFor());
  await visit('/leaderboard', 'leaderboard', () => page.getByRole('heading', { level: 1 }).first().waitFor());
  await visit('/no-such-page', 'not-found', () => page.waitForURL(`${base}/`));

  // The student, free.
  await signIn(page, base, DEMO.student);
  await page.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
  await shot('dashboard-free-empty');
  await visit('/competition', 'competition-setup', () => page.getByRole('button', { name: 'Start Competition' }).waitFor());
  await visit('/quiz/history/expert', 'quiz-premium-lock', () => page.getByRole('heading', { level: 1 }).first().waitFor());
  await page.goto(`${base}/quiz/geography/beginner`);
  await playRound(page, 'A', shot);
  await shot('quiz-result-free');
  await page.getByRole('dialog', { name: 'Quiz Complete!' }).getByRole('link', { name: 'Return to Dashboard' }).click();
  await page.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
  await shot('dashboard-free-played');
  await visit('/subscription', 'subscription-free', () => page.getByRole('button', { name: 'Start Free Trial' }).first().waitFor());

  // Failures the dashboard must show: progress and health down.
  tape.failing = [/^\/api\/(me\/)?progress/, /^\/api\/health/, /^\/api\/system/];
  await visit('/dashboard', 'dashboard-errors', () => page.getByRole('heading', { name: 'Student Dashboard' }).waitFor());
  tape.failing = [];

  // The trial: premium screens, the review.
  await visit('/subscription', 'subscription-free-again', () => page.getByRole('button', { name: 'Start Free Trial' }).first().waitFor());
  await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
  await page.getByRole('dialog', { name: 'Your Premium Trial Has Started' }).waitFor();
  await shot('trial-started');
  await page.goto(`${base}/quiz/history/advanced`);
  await playRound(page, 'B');
  await shot('quiz-result-premium');
  const review = page.getByRole('button', { name: 'Review Incorrect Answers' });
  if (await review.count()) {
    await review.click();
    await shot('quiz-review');
  }
  await visit('/dashboard', 'dashboard-premium', () => page.getByRole('region', { name: 'Premium Dashboard' }).waitFor());
  await visit('/subscription', 'subscription-trial', () => page.getByRole('heading', { level: 1 }).first().waitFor());
  await visit('/competition', 'competition-setup-premium', () => page.getByRole('button', { name: 'Start Competition' }).waitFor());
  await page.getByRole('button', { name: 'Start Competition' }).click();
  await page.getByText(/Question 1 of/).waitFor();
  await shot('competition-question');
  await signOut(page);

  // The other roles' homes.
  for (const role of ['parent', 'teacher', 'admin'] as const) {
    await signIn(page, base, DEMO[role]);
    await page.getByRole('heading', { name: /Dashboard$/ }).waitFor();
    await shot(`${role}-home`);
    await signOut(page);
  }
  await settle(page, tape);
  await page.close();
  return names;
}

async function shoot(opts: { base: string; dist: string; dir: string; tape: ApiTape }): Promise<string[]> {
  rmSync(opts.dir, { recursive: true, force: true });
  mkdirSync(opts.dir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--font-render-hinting=none'],
  });
  const files: string[] = [];
  try {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, deviceScaleFactor: 1, reducedMotion: 'reduce', locale: 'en-GB', timezoneId: 'UTC' });
    await context.clock.setFixedTime(opts.tape.recording.clock);
    await context.route(`${opts.base}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path.startsWith('/api/')) return opts.tape.handle(route);
      if (path.startsWith('/_dev/')) return route.continue();
      return serveDist(route, opts.dist);
    });
    try {
      files.push(...(await shootAll(context, opts.base, opts.tape, opts.dir)));
    } catch (error) {
      const page = context.pages()[0];
      if (page) await page.screenshot({ path: join(opts.dir, 'FAILED.png'), fullPage: true });
      throw error;
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return files;
}

/* ---------- the "before" build ---------- */

/** Builds `ref`'s web app in a throw-away copy of the repository (sharing node_modules). */
async function buildRef(ref: string): Promise<{ dist: string; cleanup: () => void }> {
  const copy = mkdtempSync(join(tmpdir(), 'quizquest-shots-'));
  execFileSync('sh', ['-c', `git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(copy)}`], { cwd: root, stdio: 'inherit' });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  await new Promise<void>((done, fail) => {
    const vite = spawn(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: copy,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    vite.on('exit', (code) => (code === 0 ? done() : fail(new Error(`build of ${ref} failed (exit ${code})`))));
  });
  return { dist: join(copy, 'web', 'dist'), cleanup: () => rmSync(copy, { recursive: true, force: true }) };
}

/* ---------- compare ---------- */

function compareDirs(files: string[]): { screens: number; differing: { file: string; pixels: number }[] } {
  const diffDir = join(out, 'diff');
  rmSync(diffDir, { recursive: true, force: true });
  mkdirSync(diffDir, { recursive: true });
  const differing: { file: string; pixels: number }[] = [];
  for (const file of files) {
    const before = PNG.sync.read(readFileSync(join(out, 'before', file)));
    const afterPath = join(out, 'after', file);
    if (!existsSync(afterPath)) {
      differing.push({ file, pixels: before.width * before.height });
      continue;
    }
    const after = PNG.sync.read(readFileSync(afterPath));
    // A page that grew or shrank differs by at least the rows it gained or lost.
    const width = Math.max(before.width, after.width);
    const height = Math.max(before.height, after.height);
    const pad = (png: PNG) => {
      if (png.width === width && png.height === height) return png.data;
      const padded = new PNG({ width, height });
      PNG.bitblt(png, padded, 0, 0, png.width, png.height, 0, 0);
      return padded.data;
    };
    const diff = new PNG({ width, height });
    const pixels = pixelmatch(pad(before), pad(after), diff.data, width, height, { threshold: 0 });
    if (pixels > 0) {
      differing.push({ file, pixels });
      writeFileSync(join(diffDir, file), PNG.sync.write(diff));
    }
  }
  return { screens: files.length, differing };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { base: { type: 'string', default: 'HEAD' }, head: { type: 'string' }, port: { type: 'string', default: process.env.SCREENSHOT_PORT ?? '4300' } },
  });
  const started = Date.now();
  console.log(`Building ${values.base} and ${values.head ?? 'the working tree'}…`);
  const workingTree = async () => {
    await buildWebIfStale(root);
    return { dist: join(root, 'web', 'dist'), cleanup: () => undefined };
  };
  // One after the other: two builds at once are slower on a small machine, not faster.
  const before = await buildRef(values.base);
  const after = values.head ? await buildRef(values.head) : await workingTree();
  const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-shots-data-'));
  process.env.LOG_LEVEL = 'silent';
  const stack = await startLocalStack({ port: Number(values.port), dataDir, inMemory: true, root });
  try {
    // Three passes: record the API with the "before" build, then shoot both builds on the replay.
    const recording: Recording = { clock: Date.now(), exchanges: [] };
    await shoot({ base: stack.url, dist: before.dist, dir: join(out, 'before'), tape: new ApiTape('record', recording) });
    writeFileSync(join(out, 'api-recording.json'), JSON.stringify(recording));
    const files = await shoot({ base: stack.url, dist: before.dist, dir: join(out, 'before'), tape: new ApiTape('replay', recording) });
    const player = new ApiTape('replay', recording);
    const afterFiles = await shoot({ base: stack.url, dist: after.dist, dir: join(out, 'after'), tape: player });
    const { screens, differing } = compareDirs(files);
    console.log(`\n${screens} screenshots (${files.length / 2} screens × desktop ${VIEWPORTS.desktop.width}px and mobile ${VIEWPORTS.mobile.width}px), ${afterFiles.length} after`);
    if (player.missed.length) console.log(`API calls the "before" run never made (answered live): ${[...new Set(player.missed)].join(', ')}`);
    for (const { file, pixels } of differing) console.log(`  DIFFERS  ${file}: ${pixels} pixels (see .screenshots/diff/${file})`);
    const total = differing.reduce((sum, d) => sum + d.pixels, 0);
    console.log(`${differing.length} of ${screens} differ, ${total} differing pixels in all (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    process.exitCode = differing.length ? 1 : 0;
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
    before.cleanup();
    after.cleanup();
  }
}

await main();
