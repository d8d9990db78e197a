import { BROWSER_NOTIFICATION_CLOSE_MS, type Notification as AppNotification } from '#shared/notifications/notification.ts';

/**
 * Browser notifications (docs/social.md): shown for items that arrive while the app is open,
 * when the person has granted permission. A high-priority one stays until closed; the
 * others close after 5 s. Items held for quiet hours reach the list only when those end,
 * so nothing pops up during them.
 */
export interface ShownNotification {
  close(): void;
  onclick: ((this: never, event: Event) => unknown) | null;
}
export type CreateNotification = (title: string, options: NotificationOptions) => ShownNotification;

/**
 * What is new since the last look: unread items whose ids were not there before. The first
 * look (`seen` null) announces nothing: those were there before the page opened.
 */
export function arrivals(seen: ReadonlySet<string> | null, items: readonly AppNotification[]): AppNotification[] {
  if (!seen) return [];
  return items.filter((item) => !item.read && !seen.has(item.id));
}

export function popUp(item: AppNotification, create: CreateNotification, schedule: (run: () => void, ms: number) => unknown = setTimeout, onOpen?: () => void): ShownNotification {
  const shown = create(item.title, { body: item.message, tag: item.id, requireInteraction: item.priority === 'high' });
  if (item.priority !== 'high') schedule(() => shown.close(), BROWSER_NOTIFICATION_CLOSE_MS);
  if (onOpen) {
    shown.onclick = () => {
      onOpen();
      shown.close();
    };
  }
  return shown;
}

export type Permission = 'default' | 'granted' | 'denied' | 'unsupported';

export function currentPermission(): Permission {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification.permission : 'unsupported';
}

/** The browser's own constructor, when notifications are allowed. */
export function browserCreate(): CreateNotification | null {
  if (currentPermission() !== 'granted') return null;
  return (title, options) => new window.Notification(title, options);
}

/** The time text of an item: Just now, minutes, hours, days while under 7, then the date. */
export function timeAgo(iso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} day${days === 1 ? '' : 's'} ago`;
  return new Date(iso).toLocaleDateString();
}
