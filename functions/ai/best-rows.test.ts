import { describe, expect, it } from 'vitest';
import { mulberry32 } from '#shared/hashing.ts';
import { topK } from '#shared/knowledge/similarity.ts';
import { bestRows, type AcceptedRow } from './best-rows.ts';

interface List {
  readonly size: number;
  readonly bases: number[];
  readonly bonuses: number[];
  readonly kept: boolean[];
  readonly keys: string[];
}

describe('the rows that can rank', () => {
  it('rank as scoring every row does, with filters, name bonuses and equal scores', () => {
    const next = mulberry32(7);
    for (let trial = 0; trial < 200; trial += 1) {
      const lists: List[] = Array.from({ length: 1 + Math.floor(next() * 6) }, (_, n) => {
        const size = Math.floor(next() * 40);
        // Scores on a coarse grid, so many are equal.
        return {
          size,
          bases: Array.from({ length: size }, () => Math.round(next() * 20) / 20),
          bonuses: Array.from({ length: size }, () => (next() < 0.3 ? 0.1 * Math.round(next() * 2) / 2 : 0)),
          kept: Array.from({ length: size }, () => next() < 0.7),
          keys: Array.from({ length: size }, (_, row) => `k${String(Math.floor(next() * 1000)).padStart(4, '0')}-${n}-${row}`),
        };
      });
      const threshold = [0, 0.3, 0.5][trial % 3]!;
      const need = 1 + Math.floor(next() * 12);
      const score = (list: List, row: number, base: number): AcceptedRow<string> | undefined =>
        list.kept[row] ? { item: list.keys[row]!, similarity: Math.round(Math.min(1, base + list.bonuses[row]!) * 10000) / 10000, key: list.keys[row]! } : undefined;

      const every: AcceptedRow<string>[] = [];
      lists.forEach((list) => list.bases.forEach((b, row) => {
        const r = score(list, row, b);
        if (r && r.similarity >= threshold) every.push(r);
      }));
      every.sort((a, b) => (a.key < b.key ? -1 : 1));
      const pruned = bestRows(lists, (list, row) => list.bases[row]!, 0.1, threshold, need, score);
      expect(topK(pruned, threshold, need).map((r) => r.item)).toEqual(topK(every, threshold, need).map((r) => r.item));
    }
  });

  it('reads only the rows that can reach the best few', () => {
    const size = 1000;
    const list = { size, bases: Array.from({ length: size }, (_, i) => i / size) };
    let read = 0;
    const rows = bestRows([list], (l, row) => l.bases[row]!, 0, 0, 5, (l, row, base) => {
      read += 1;
      return { item: row, similarity: base, key: String(row).padStart(4, '0') };
    });
    expect(rows.map((r) => r.item).sort((a, b) => b - a).slice(0, 5)).toEqual([999, 998, 997, 996, 995]);
    expect(read).toBeLessThan(10);
  });
});
