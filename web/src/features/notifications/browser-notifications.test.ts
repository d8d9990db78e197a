import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '#shared/notifications/notification.ts';
import { arrivals, popUp, timeAgo, type ShownNotification } from './browser-notifications.ts';

const item = (id: string, over: Partial<Notification> = {}): Notification => ({
  id,
  type: 'achievement',
  title: `Title ${id}`,
  message: `Message ${id}`,
  priority: 'medium',
  created_at: '2026-11-23T12:00:00.000Z',
  read: false,
  ...over,
});

describe('which items pop up', () => {
  it('nothing on the first look: those were there before the page opened', () => {
    expect(arrivals(null, [item('a')])).toEqual([]);
  });
  it('unread items not seen before', () => {
    const seen = new Set(['a']);
    expect(arrivals(seen, [item('b'), item('a'), item('c', { read: true })]).map((n) => n.id)).toEqual(['b']);
  });
});

describe('a browser notification (2-social §9: high priority persistent, others close after 5 s)', () => {
  function fake() {
    const shown: ShownNotification & { options?: NotificationOptions; title?: string } = { close: vi.fn(), onclick: null };
    const create = vi.fn((title: string, options: NotificationOptions) => Object.assign(shown, { title, options }));
    return { shown, create };
  }

  it.each([
    ['high', undefined, true],
    ['medium', 5000, false],
    ['low', 5000, false],
  ] as const)('%s priority: closes after %s ms', (priority, closeAfter, persistent) => {
    const { shown, create } = fake();
    const schedule = vi.fn();
    popUp(item('x', { priority }), create, schedule);
    expect(create).toHaveBeenCalledWith('Title x', { body: 'Message x', tag: 'x', requireInteraction: persistent });
    if (closeAfter === undefined) expect(schedule).not.toHaveBeenCalled();
    else {
      expect(schedule).toHaveBeenCalledWith(expect.any(Function), closeAfter);
      (schedule.mock.calls[0]![0] as () => void)();
      expect(shown.close).toHaveBeenCalled();
    }
  });
});

describe('time text', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it.each([
    ['2026-11-23T11:59:30Z', 'Just now'],
    ['2026-11-23T11:59:00Z', '1 minute ago'],
    ['2026-11-23T11:15:00Z', '45 minutes ago'],
    ['2026-11-23T11:00:00Z', '1 hour ago'],
    ['2026-11-22T13:00:00Z', '23 hours ago'],
    ['2026-11-22T12:00:00Z', '1 day ago'],
    ['2026-11-17T12:00:00Z', '6 days ago'],
  ])('%s → %s', (iso, text) => expect(timeAgo(iso, now)).toBe(text));
  it('a week or more shows the date', () => expect(timeAgo('2026-11-16T12:00:00Z', now)).toBe(new Date('2026-11-16T12:00:00Z').toLocaleDateString()));
});
