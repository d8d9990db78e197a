import { describe, expect, it } from 'vitest';
import { apiFor } from '../support/api.ts';
import { confirmedAccount, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';

const { page, baseUrl, mailbox } = useBrowser();
const { api, accessToken, awake } = apiFor(baseUrl);

/** Waits until the person's bell has `count` notifications on the server (the consumer runs after the request). */
async function notificationsOnServer(token: string, count: number): Promise<void> {
  await expect
    .poll(async () => ((await api(token, 'GET', '/api/notifications')).body as { notifications: unknown[] }).notifications.length, { timeout: 15_000 })
    .toBe(count);
}

describe('notifications', () => {
  it('a friend request reaches the receiver’s bell; marking it read clears the count, its action opens Friends; a new one pops up in the browser', async () => {
    const [sender, receiver, another] = await Promise.all([
      confirmedAccount(baseUrl, mailbox, 'notif-from'),
      confirmedAccount(baseUrl, mailbox, 'notif-to'),
      confirmedAccount(baseUrl, mailbox, 'notif-also'),
    ]);
    const [senderToken, receiverToken, anotherToken] = await Promise.all([accessToken(sender), accessToken(receiver), accessToken(another)]);
    await awake(receiverToken);
    expect((await api(senderToken, 'POST', '/api/friends/requests', { email: receiver.email, message: '' })).status).toBe(201);
    await notificationsOnServer(receiverToken, 1);

    const p = page();
    // The browser's Notification, recorded: which pop-ups were shown and closed.
    await p.addInitScript(() => {
      const shown: { title: string; body?: string; requireInteraction?: boolean; closed: boolean }[] = [];
      class RecordedNotification {
        static permission = 'granted';
        static requestPermission = async () => 'granted';
        onclick: unknown = null;
        private readonly record: (typeof shown)[number];
        constructor(title: string, options: NotificationOptions = {}) {
          this.record = { title, body: options.body, requireInteraction: options.requireInteraction, closed: false };
          shown.push(this.record);
        }
        close() {
          this.record.closed = true;
        }
      }
      Object.assign(window, { Notification: RecordedNotification, shownNotifications: shown });
    });
    await openSignedIn(p, baseUrl, receiver);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();

    const bell = p.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.click();
    const panel = p.getByRole('region', { name: 'Notifications' });
    const item = panel.getByRole('listitem', { name: 'Unread: New friend request' });
    await item.getByText(`${sender.email} sent you a friend request.`).waitFor();
    // There before the page opened: no pop-up for it.
    expect(await p.evaluate(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications.length)).toBe(0);

    await item.getByRole('button', { name: 'Mark read: New friend request' }).click();
    await p.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await panel.getByRole('listitem', { name: 'New friend request', exact: true }).waitFor();
    expect(((await api(receiverToken, 'GET', '/api/notifications')).body as { unread: number }).unread).toBe(0);

    // Escape closes the panel and gives focus back to the bell.
    await p.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    expect(await p.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Notifications');

    // Another request arrives while the page is open: the bell's next poll shows it, and it pops up (medium: closes after 5 s).
    expect((await api(anotherToken, 'POST', '/api/friends/requests', { email: receiver.email, message: '' })).status).toBe(201);
    await p.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 45_000 });
    const popUps = () => p.evaluate(() => (window as unknown as { shownNotifications: { title: string; body?: string; requireInteraction?: boolean; closed: boolean }[] }).shownNotifications);
    expect(await popUps()).toEqual([{ title: 'New friend request', body: `${another.email} sent you a friend request.`, requireInteraction: false, closed: false }]);
    await expect.poll(async () => (await popUps())[0]?.closed, { timeout: 8_000 }).toBe(true);

    // The action button marks it read and opens the friends page.
    await p.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await panel.getByRole('listitem', { name: 'Unread: New friend request' }).getByRole('button', { name: 'View Request' }).click();
    await p.waitForURL(`${baseUrl}/friends`);
    await p.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    // Delete removes it from the list.
    await p.getByRole('button', { name: 'Notifications', exact: true }).click();
    await panel.getByRole('button', { name: 'Delete: New friend request' }).first().click();
    await expect.poll(() => panel.getByRole('listitem').count()).toBe(1);
  }, 120_000);

  it('the settings screen saves the toggles and times, and says so for 3 seconds', async () => {
    const account = await confirmedAccount(baseUrl, mailbox, 'notif-settings');
    const p = page();
    await openSignedIn(p, baseUrl, account);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
    await p.getByRole('button', { name: 'Notifications' }).click();
    await p.getByRole('region', { name: 'Notifications' }).getByText(/No notifications yet/).waitFor();
    await p.getByRole('link', { name: 'Notification settings' }).click();
    await p.waitForURL(`${baseUrl}/notifications`);
    await p.getByRole('heading', { name: 'Notification Settings' }).waitFor();

    for (const name of ['Streak reminders', 'Tournament alerts', 'Achievement celebrations', 'Study reminders', 'Friend challenges']) {
      expect(await p.getByRole('checkbox', { name }).isChecked()).toBe(true);
    }
    expect(await p.getByLabel('Quiet hours start', { exact: true }).inputValue()).toBe('22:00');
    expect(await p.getByLabel('Quiet hours end', { exact: true }).inputValue()).toBe('08:00');
    expect(await p.getByLabel('Preferred study time', { exact: true }).inputValue()).toBe('19:00');

    await p.getByRole('checkbox', { name: 'Tournament alerts' }).uncheck();
    await p.getByLabel('Preferred study time', { exact: true }).fill('18:30');
    await p.getByRole('button', { name: 'Save Settings' }).click();
    const saved = p.getByText('Settings saved successfully!');
    await saved.waitFor();
    const shownAt = Date.now();
    await saved.waitFor({ state: 'detached', timeout: 5_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2_000);

    await p.reload();
    await p.getByRole('heading', { name: 'Notification Settings' }).waitFor();
    await p.getByLabel('Preferred study time', { exact: true }).waitFor();
    expect(await p.getByRole('checkbox', { name: 'Tournament alerts' }).isChecked()).toBe(false);
    expect(await p.getByLabel('Preferred study time', { exact: true }).inputValue()).toBe('18:30');

    // Quiet hours that start and end together are refused with the field's message.
    await p.getByLabel('Quiet hours end', { exact: true }).fill('22:00');
    await p.getByRole('button', { name: 'Save Settings' }).click();
    await p.getByText('Quiet hours must start and end at different times').waitFor();
  });
});
