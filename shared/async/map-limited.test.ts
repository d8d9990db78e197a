import { describe, expect, it } from 'vitest';
import { mapLimited } from './map-limited.ts';

describe('mapLimited', () => {
  it('keeps the input order and never has more than the limit in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const out = await mapLimited([50, 10, 30, 0, 20, 5, 40], 3, async (ms, i) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, ms));
      inFlight -= 1;
      return `${i}:${ms}`;
    });
    expect(out).toEqual(['0:50', '1:10', '2:30', '3:0', '4:20', '5:5', '6:40']);
    expect(most).toBe(3);
  });

  it('handles nothing to do, fewer items than the limit, and refuses a limit below one', async () => {
    expect(await mapLimited([], 4, async () => 1)).toEqual([]);
    expect(await mapLimited([1, 2], 8, async (x) => x * 2)).toEqual([2, 4]);
    await expect(mapLimited([1], 0, async (x) => x)).rejects.toThrow(RangeError);
  });

  it('fails with the first error', async () => {
    await expect(mapLimited([1, 2, 3], 2, async (x) => { if (x === 2) throw new Error('two'); return x; })).rejects.toThrow('two');
  });
});
