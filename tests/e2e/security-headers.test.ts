import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser.ts';

/**
 * What the site sends besides its pages: a strict Content-Security-Policy the app lives
 * within on every screen, the usual hardening headers on pages and API alike, and no
 * source maps.
 */
const { page, baseUrl } = useBrowser();

/** Every CSP violation the page reports, from the moment it loads. */
function collectViolations(p: Page): string[] {
  const violations: string[] = [];
  p.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

describe('security headers', () => {
  it('sends a strict CSP, frame-ancestors, Referrer-Policy and nosniff on pages and on the API', async () => {
    const pageResponse = await fetch(`${baseUrl}/dashboard`);
    const csp = pageResponse.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(pageResponse.headers.get('referrer-policy')).toBe('no-referrer');
    expect(pageResponse.headers.get('x-content-type-options')).toBe('nosniff');
    expect(pageResponse.headers.get('x-frame-options')).toBe('DENY');

    for (const response of [await fetch(`${baseUrl}/api/stats`), await fetch(`${baseUrl}/api/me`), await fetch(`${baseUrl}/api/nope`)]) {
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('every screen works within the policy: no violation on the way from landing to a quiz', async () => {
    const p = page();
    const violations = collectViolations(p);
    await p.goto(baseUrl);
    await p.getByRole('heading', { level: 1 }).first().waitFor();
    await p.goto(`${baseUrl}/subscription`);
    await p.getByRole('heading', { level: 1 }).first().waitFor();
    await signIn(p, baseUrl, 'student@quizquest.local', 'Student#2026');
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
    await p.goto(`${baseUrl}/quiz/geography/beginner`);
    await p.getByText(/Question 1 of/).waitFor();
    await p.goto(`${baseUrl}/leaderboard`);
    await p.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  it('ships no source maps', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(await (await fetch(`${baseUrl}${script}`)).text()).not.toContain('sourceMappingURL');
      expect((await fetch(`${baseUrl}${script}.map`)).status).toBe(404);
    }
  });
});
