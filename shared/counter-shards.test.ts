import { describe, expect, it } from 'vitest';
import { allShards, COUNTER_SHARDS, shardOf, shardPartition, sumShards } from './counter-shards.ts';

describe('counter shards', () => {
  it('sends the same counted id to the same shard every time (a redelivery meets its own guard)', () => {
    for (const id of ['attempt-1', '3f1c9a2e-0000-4000-8000-000000000000', 'é-ü']) expect(shardOf(id)).toBe(shardOf(id));
  });

  it('spreads ids over every shard, none with more than twice its share', () => {
    const hits = new Array<number>(COUNTER_SHARDS).fill(0);
    for (let i = 0; i < 10_000; i++) hits[shardOf(`round-${i}`)]! += 1;
    expect(Math.min(...hits)).toBeGreaterThan(0);
    expect(Math.max(...hits)).toBeLessThan((2 * 10_000) / COUNTER_SHARDS);
  });

  it.each([
    [0, 'STATS'],
    [1, 'STATS#SHARD#1'],
    [9, 'STATS#SHARD#9'],
  ])('shard %i lives under %s (shard 0 is the unsharded item)', (shard, pk) => {
    expect(shardPartition('STATS', shard)).toBe(pk);
  });

  it('lists every shard once, 0 first, within one BatchGet for the 8 admin counters', () => {
    expect(allShards()).toEqual(Array.from({ length: COUNTER_SHARDS }, (_, i) => i));
    expect(8 * COUNTER_SHARDS).toBeLessThanOrEqual(100);
  });

  it('sums the numbers of the shards and ignores keys and missing shards', () => {
    const shards = [{ pk: 'STATS', sk: 'GLOBAL', quizzes: 5, users: 2 }, { pk: 'STATS#SHARD#3', sk: 'GLOBAL', quizzes: 1 }, { pk: 'STATS#SHARD#4', sk: 'GLOBAL' }];
    expect(sumShards(shards)).toEqual({ quizzes: 6, users: 2 });
    expect(sumShards([])).toEqual({});
  });
});
