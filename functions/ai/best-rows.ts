/**
 * The rows of a scope's scored lists that can be among its best `need` (docs/ai.md, "Search"):
 * every row gets its base score (vector and BM25, cheap: no metadata), then rows are looked at
 * best base first (by bucket), each passed to `accept` (which reads its metadata, filters it and scores it
 * with its name bonus), until no row left can reach the `need`-th best accepted score: a row's
 * score is at most its base plus `bonus`. What it returns ranks as scoring every row would
 * (only the rows that can rank are read; within a bucket of base scores in any order).
 */

/** Base scores (0..1) are ordered by buckets this wide: rows are read best bucket first. */
const BUCKETS = 1024;
/** Slack over `bonus` for the 4-place rounding of a score. */
const ROUNDING = 1e-4;

export interface AcceptedRow<T> {
  readonly item: T;
  readonly similarity: number;
  /** The order of equal scores (the chunk key: as the exact search ranked them). */
  readonly key: string;
}

export function bestRows<L extends { readonly size: number }, T>(
  lists: readonly L[],
  base: (list: L, row: number) => number,
  bonus: number,
  threshold: number,
  need: number,
  accept: (list: L, row: number, base: number) => AcceptedRow<T> | undefined,
): AcceptedRow<T>[] {
  const total = lists.reduce((sum, l) => sum + l.size, 0);
  const listAt = new Uint32Array(total);
  const rowAt = new Uint32Array(total);
  const bases = new Float64Array(total);
  const bucketAt = new Uint16Array(total);
  const counts = new Uint32Array(BUCKETS);
  let count = 0;
  lists.forEach((list, n) => {
    for (let row = 0; row < list.size; row += 1) {
      const b = base(list, row);
      if (b + bonus + ROUNDING < threshold) continue;
      const bucket = Math.min(BUCKETS - 1, Math.max(0, Math.floor(b * BUCKETS)));
      listAt[count] = n;
      rowAt[count] = row;
      bases[count] = b;
      bucketAt[count] = bucket;
      counts[bucket]! += 1;
      count += 1;
    }
  });
  // Rows by bucket of base score, best bucket first (a counting sort: no comparison of every row).
  const starts = new Uint32Array(BUCKETS + 1);
  for (let bucket = BUCKETS - 1, at = 0; bucket >= 0; bucket -= 1) {
    starts[bucket] = at;
    at += counts[bucket]!;
  }
  const order = new Uint32Array(count);
  const fill = starts.slice();
  for (let i = 0; i < count; i += 1) order[fill[bucketAt[i]!]!++] = i;

  const accepted: AcceptedRow<T>[] = [];
  // The best `need` accepted scores, best first: the last is the bar a row must be able to reach.
  const top: number[] = [];
  for (let bucket = BUCKETS - 1; bucket >= 0; bucket -= 1) {
    // Every row left has a base below this bucket's top (the top bucket holds a base of 1 too).
    const ceiling = bucket === BUCKETS - 1 ? Infinity : (bucket + 1) / BUCKETS;
    if (top.length >= need && ceiling + bonus + ROUNDING < top[top.length - 1]!) break;
    for (let at = starts[bucket]!, end = at + counts[bucket]!; at < end; at += 1) {
      const i = order[at]!;
      const row = accept(lists[listAt[i]!]!, rowAt[i]!, bases[i]!);
      if (!row || row.similarity < threshold) continue;
      accepted.push(row);
      let slot = top.length;
      while (slot > 0 && top[slot - 1]! < row.similarity) slot -= 1;
      if (slot < need) {
        top.splice(slot, 0, row.similarity);
        if (top.length > need) top.pop();
      }
    }
  }
  return accepted.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
