import { fnv1a32 } from './hashing.ts';

/**
 * Sharded counters, against hot keys (docs/architecture.md). A counter that every finished round adds to is
 * spread over this many items, each under a partition key of its own, and a reader sums them.
 *
 * Why 10: one item takes at most 1,000 write units a second and a transactional write costs
 * two, so a single item tops out near 500 rounds a second, and concurrent transactions on one
 * item conflict and retry long before that. Ten items give ten times the room, and the admin
 * overview's read (totals and 7 days, 8 counters × 10 shards = 80 keys) still fits in one
 * BatchGet of at most 100 keys.
 */
export const COUNTER_SHARDS = 10;

/**
 * The shard a write goes to: a hash of what is being counted (the attempt, the account, the
 * event), so a redelivery lands on the same item as the first delivery did and the guard that
 * makes it a duplicate (a marker in the same transaction, or runOnce) refuses it there.
 */
export function shardOf(countedId: string, shards = COUNTER_SHARDS): number {
  return fnv1a32(countedId) % shards;
}

/** Every shard number, 0 first: shard 0 is the item that held the whole counter before sharding. */
export const allShards = (shards = COUNTER_SHARDS): number[] => Array.from({ length: shards }, (_, i) => i);

/**
 * The partition key of a shard. Shard 0 keeps the unsharded key, so what was counted before
 * sharding is read as shard 0's and nothing needs migrating.
 */
export const shardPartition = (pk: string, shard: number): string => (shard === 0 ? pk : `${pk}#SHARD#${shard}`);

/** The shards' numeric attributes added up (a missing shard adds nothing). */
export function sumShards(items: readonly Record<string, unknown>[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const item of items) {
    for (const [name, value] of Object.entries(item)) {
      if (typeof value === 'number') sum[name] = (sum[name] ?? 0) + value;
    }
  }
  return sum;
}
