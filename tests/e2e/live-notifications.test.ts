import { describe, expect, it } from 'vitest';
import { apiFor } from '../support/api.ts';
import { confirmedAccount, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';

/**
 * Live notifications: with the app open, a friend request sent by someone else (through
 * the API) reaches the open bell over the WebSocket: the count and the dropdown change
 * without a reload and without waiting for a poll.
 */
const { page, baseUrl, mailbox } = useBrowser();
const { accessToken, awake } = apiFor(baseUrl);

async function sendFriendRequest(token: string, email: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/friends/requests`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, message: '' }),
  });
  expect(response.status).toBe(201);
}

describe('live notifications', () => {
  it('a friend request sent by another account appears in the open bell’s count and dropdown without a reload', { timeout: 90_000 }, async () => {
    const [receiver, first, second] = await Promise.all([
      confirmedAccount(baseUrl, mailbox, 'live-to'),
      confirmedAccount(baseUrl, mailbox, 'live-from'),
      confirmedAccount(baseUrl, mailbox, 'live-also'),
    ]);
    const [firstToken, secondToken] = await Promise.all([accessToken(first), accessToken(second)]);
    await awake(await accessToken(receiver));

    const p = page();
    // Records the page's WebSockets (to know when the live connection is open) and the
    // document's loads (a reload would start a new one).
    await p.addInitScript(() => {
      const opened: string[] = [];
      const Native = window.WebSocket;
      class Recorded extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          this.addEventListener('open', () => opened.push(String(url).replace(/token=[^&]+/, 'token=…')));
        }
      }
      const loads = Number(sessionStorage.getItem('loads') ?? '0') + 1;
      sessionStorage.setItem('loads', String(loads));
      Object.assign(window, { WebSocket: Recorded, openedSockets: opened, documentLoads: loads });
    });
    await openSignedIn(p, baseUrl, receiver);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
    const bell = p.getByRole('button', { name: 'Notifications', exact: true });
    await bell.waitFor();
    await expect.poll(() => p.evaluate(() => (window as unknown as { openedSockets: string[] }).openedSockets), { timeout: 10_000 }).toEqual([expect.stringMatching(/^ws:\/\/localhost:\d+\/ws\?token=…$/)]);
    const loadsBefore = await p.evaluate(() => (window as unknown as { documentLoads: number }).documentLoads);

    // Sent elsewhere: the bell turns to 1 unread well before the 30 s poll could have.
    const sentAt = Date.now();
    await sendFriendRequest(firstToken, receiver.email);
    await p.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 8_000 });
    const latencyMs = Date.now() - sentAt;
    expect(latencyMs).toBeLessThan(8_000);
    console.info(`[live-notifications] request → bell count: ${latencyMs} ms`);

    await p.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const panel = p.getByRole('region', { name: 'Notifications' });
    await panel.getByRole('listitem', { name: 'Unread: New friend request' }).getByText(`${first.email} sent you a friend request.`).waitFor();

    // A second one while the dropdown is open: added to it, the count is 2.
    await sendFriendRequest(secondToken, receiver.email);
    await p.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor({ timeout: 8_000 });
    const items = panel.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    // (Within one second the server orders by the item's key, and so does the bell.)
    await items.filter({ hasText: `${second.email} sent you a friend request.` }).waitFor();
    await items.filter({ hasText: `${first.email} sent you a friend request.` }).waitFor();

    // No reload happened, and still one connection.
    expect(await p.evaluate(() => (window as unknown as { documentLoads: number }).documentLoads)).toBe(loadsBefore);
    expect(await p.evaluate(() => (window as unknown as { openedSockets: string[] }).openedSockets)).toHaveLength(1);
  });
});
