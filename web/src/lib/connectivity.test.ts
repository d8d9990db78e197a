import { describe, expect, it } from 'vitest';
import { createConnectivity, PROBE_MS } from './connectivity.ts';

function setUp() {
  const handlers = new Map<string, () => void>();
  const world = { browserOnline: true, serverAnswers: false, interval: null as null | { fn: () => void; ms: number }, probes: 0 };
  const connectivity = createConnectivity({
    browserOnline: () => world.browserOnline,
    events: {
      addEventListener: (type: string, handler: () => void) => handlers.set(type, handler),
      removeEventListener: () => undefined,
    } as never,
    probe: async () => {
      world.probes += 1;
      return world.serverAnswers;
    },
    setInterval: (fn, ms) => (world.interval = { fn, ms }),
    clearInterval: () => (world.interval = null),
  });
  const heard = { changes: 0, reconnects: 0 };
  connectivity.subscribe(() => (heard.changes += 1));
  connectivity.onReconnect(() => (heard.reconnects += 1));
  const tick = async () => {
    world.interval?.fn();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { connectivity, world, heard, tick, fire: (type: string) => handlers.get(type)?.() };
}

describe('connectivity: the browser’s flag, corrected by what requests see', () => {
  it('is online while the browser says so and requests get answers', () => {
    const { connectivity, heard } = setUp();
    connectivity.reportReachable();
    expect(connectivity.isOnline()).toBe(true);
    expect(heard).toEqual({ changes: 0, reconnects: 0 });
  });

  it('is offline after a request got no answer, though the browser says online; probes every 5 s until the server answers, then reconnects once', async () => {
    const { connectivity, world, heard, tick } = setUp();
    connectivity.reportUnreachable();
    connectivity.reportUnreachable();
    expect(connectivity.isOnline()).toBe(false);
    expect(heard.changes).toBe(1);
    expect(world.interval?.ms).toBe(PROBE_MS);
    expect(PROBE_MS).toBe(5000);

    await tick();
    expect(world.probes).toBe(1);
    expect(connectivity.isOnline()).toBe(false);

    world.serverAnswers = true;
    await tick();
    expect(connectivity.isOnline()).toBe(true);
    expect(heard).toEqual({ changes: 2, reconnects: 1 });
    expect(world.interval).toBeNull();
  });

  it('follows the browser’s offline and online events; coming online is a reconnect', () => {
    const { connectivity, world, heard, fire } = setUp();
    world.browserOnline = false;
    fire('offline');
    expect(connectivity.isOnline()).toBe(false);
    world.browserOnline = true;
    fire('online');
    expect(connectivity.isOnline()).toBe(true);
    expect(heard).toEqual({ changes: 2, reconnects: 1 });
  });

  it('an answer from another request ends the probing at once', () => {
    const { connectivity, world, heard } = setUp();
    connectivity.reportUnreachable();
    connectivity.reportReachable();
    expect(connectivity.isOnline()).toBe(true);
    expect(world.interval).toBeNull();
    expect(heard.reconnects).toBe(1);
  });
});
