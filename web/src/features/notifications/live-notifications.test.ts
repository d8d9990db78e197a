import { describe, expect, it } from 'vitest';
import type { Notification } from '#shared/notifications/notification.ts';
import { withArrival } from './live-notifications.ts';

const item = (second: number, read = false): Notification => ({
  id: `20261123T1200${String(second).padStart(2, '0')}Z-${'0'.repeat(14)}${String(second).padStart(2, '0')}`,
  type: 'friend_request',
  title: 'New friend request',
  message: 'someone wants to be friends',
  priority: 'medium',
  created_at: '2026-11-23T12:00:00.000Z',
  read,
});

describe('withArrival', () => {
  it('prepends the new item and counts it unread', () => {
    const list = { notifications: [item(1, true), item(0)], unread: 1 };
    const next = withArrival(list, item(2));
    expect(next.notifications.map((n) => n.id)).toEqual([item(2).id, item(1).id, item(0).id]);
    expect(next.unread).toBe(2);
  });

  it('ignores an item already listed (the push and a refetch both brought it)', () => {
    const list = { notifications: [item(2), item(1)], unread: 2 };
    expect(withArrival(list, item(2))).toBe(list);
  });

  it('keeps the newest 20, and the count is of those', () => {
    const list = { notifications: Array.from({ length: 20 }, (_, i) => item(20 - i)), unread: 20 };
    const next = withArrival(list, item(30));
    expect(next.notifications).toHaveLength(20);
    expect(next.notifications[0]!.id).toBe(item(30).id);
    expect(next.notifications.at(-1)!.id).toBe(item(2).id);
    expect(next.unread).toBe(20);
  });

  it('sorts a late arrival into place by delivery', () => {
    const list = { notifications: [item(5), item(1)], unread: 2 };
    expect(withArrival(list, item(3)).notifications.map((n) => n.id)).toEqual([item(5).id, item(3).id, item(1).id]);
  });
});
