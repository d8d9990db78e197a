import { describe, expect, it } from 'vitest';
import { GROUP_FORM_DEFAULTS } from '../../shared/groups/study-groups.ts';
import { apiFor } from '../support/api.ts';
import { confirmedAccount, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';

const { page, baseUrl, mailbox } = useBrowser();
const { api, accessToken } = apiFor(baseUrl);

/** The Premium features panel's counters (docs/quiz.md: there were none), from stored data. */
describe('Premium features counters', () => {
  it('show study guides, reports sent, my groups and this week’s tournaments; a new group counts', async () => {
    const account = await confirmedAccount(baseUrl, mailbox, 'counters');
    const token = await accessToken(account);
    expect((await api(token, 'POST', '/api/subscription/trial', {})).status).toBe(200);
    const p = page();
    await openSignedIn(p, baseUrl, account);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
    const counters = p.getByRole('region', { name: 'Premium Features' }).locator('dl[aria-label="Premium in numbers"]');
    await counters.waitFor();
    await expect.poll(() => counters.innerText()).toMatch(/progress reports sent\s*0/);
    expect(await counters.innerText()).toMatch(/study groups you are in\s*0/);
    expect(await counters.innerText()).toMatch(/study guides? in the library\s*\d+/);
    expect(await counters.innerText()).toMatch(/live tournaments? still to come this week\s*\d+/);

    const made = await api(token, 'POST', '/api/groups', { ...GROUP_FORM_DEFAULTS, name: 'Counting capitals', max_members: 10 });
    expect(made.status).toBe(201);
    await p.reload();
    await expect.poll(() => counters.innerText()).toMatch(/study group you are in\s*1/);
    await p.getByRole('region', { name: 'Premium Features' }).screenshot({ path: '.screenshots/issue-23/premium-counters.png' });
  });
});
