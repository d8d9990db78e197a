import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { buildWebIfStale } from '../infra/local/build-web.ts';
import { startLocalStack } from '../infra/local/stack.ts';

/**
 * Lighthouse (performance and accessibility) for the landing page and the student
 * dashboard, on the local stack with Debian's Chromium. The dashboard is measured signed
 * in: the sign-in happens in the same browser first and Lighthouse keeps its storage.
 * Both presets are printed: mobile (Lighthouse's default, throttled) and desktop.
 * Target: 95 or more for both scores.
 */
const root = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-lighthouse-'));
process.env.LOG_LEVEL = 'silent';
const [stack] = await Promise.all([startLocalStack({ port: 3450, dataDir, inMemory: true, root }), buildWebIfStale(root)]);
mkdirSync(join(dataDir, 'chrome'));
let chrome: chromeLauncher.LaunchedChrome | undefined;

try {
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    userDataDir: join(dataDir, 'chrome'),
  });
  const rows: string[] = [];
  let worst = 100;
  async function measure(name: string, path: string) {
    for (const preset of ['mobile', 'desktop'] as const) {
      const result = await lighthouse(
        `${stack.url}${path}`,
        { port: chrome!.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true },
        preset === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined,
      );
      const categories = result?.lhr.categories;
      const performance = Math.round((categories?.performance?.score ?? 0) * 100);
      const accessibility = Math.round((categories?.accessibility?.score ?? 0) * 100);
      worst = Math.min(worst, performance, accessibility);
      const metric = (id: string) => result?.lhr.audits[id]?.displayValue ?? '?';
      rows.push(
        `${name.padEnd(10)} ${preset.padEnd(8)} performance ${String(performance).padStart(3)}  accessibility ${String(accessibility).padStart(3)}` +
          `  (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')})`,
      );
      if (!result?.lhr.finalDisplayedUrl.endsWith(path)) rows.push(`  (warning: ${path} was redirected to ${result?.lhr.finalDisplayedUrl})`);
    }
  }

  // The landing page as a visitor sees it first: no session.
  await measure('landing', '/');

  // Then the demo student signs in through the real form; the session stays in this profile's storage.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${stack.url}/auth`);
  await page.getByLabel('Email').fill('student@quizquest.local');
  await page.getByLabel('Password', { exact: true }).fill('Student#2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${stack.url}/dashboard`);
  await page.close();
  await browser.close();
  await measure('dashboard', '/dashboard');

  console.log(rows.join('\n'));
  console.log(`lighthouse: lowest score ${worst} (target 95)`);
} finally {
  chrome?.kill();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
