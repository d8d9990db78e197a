import { describe, expect, it } from 'vitest';
import { consumerQueue, EVENTS } from '#events/catalogue.ts';
import { LocalEventBus } from './event-bus.ts';

/** The local bus runs a bounded number of consumer deliveries at once, and still delivers every one. */
describe('the local event bus', () => {
  it('runs at most its limit of deliveries at once, and each consumer of each event once', async () => {
    let running = 0;
    let most = 0;
    const delivered: string[] = [];
    const bus = new LocalEventBus('.', {}, 2, async (_entry, name, event) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      delivered.push(`${name} ${(event as { detail: { attemptId: string } }).detail.attemptId}`);
      running -= 1;
      return undefined;
    });
    const detail = (n: number) => ({ attemptId: `a${n}`, userId: 'u', subject: 'geography', level: 'beginner', mode: 'practice', score: 1, total: 1, points: 1, timeSpentMs: 1, completedAt: '2026-01-01T00:00:00.000Z', timeZone: 'UTC', topics: [] });
    for (let n = 0; n < 3; n++) bus.put({ DetailType: 'QuizCompleted', Detail: JSON.stringify(detail(n)) });
    await bus.drain();

    expect(most).toBe(2);
    // Every consumer of QuizCompleted is invoked directly (none through a queue): each once per event.
    const consumers = EVENTS.QuizCompleted.consumers;
    expect(consumers.some((c) => consumerQueue(c))).toBe(false);
    expect(delivered).toHaveLength(consumers.length * 3);
    expect(new Set(delivered).size).toBe(consumers.length * 3);
  });
});
