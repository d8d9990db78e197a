import { afterEach, describe, expect, it } from 'vitest';
import { allowWaits, interruptibleSleep, interruptWaits, isWaitInterrupted } from './interruptible-wait.ts';

describe('interruptible waits (the local host stopping)', () => {
  afterEach(allowWaits);

  it('a wait ends normally after its time', async () => {
    const started = Date.now();
    await interruptibleSleep(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('a long wait ends at once when the host stops, and later waits end at once too', async () => {
    const started = Date.now();
    const waiting = interruptibleSleep(60_000);
    setTimeout(interruptWaits, 10);
    const error = await waiting.catch((e: unknown) => e);
    expect(isWaitInterrupted(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(isWaitInterrupted(await interruptibleSleep(60_000).catch((e: unknown) => e))).toBe(true);
  });
});
