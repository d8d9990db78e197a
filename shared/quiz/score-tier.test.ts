import { describe, expect, it } from 'vitest';
import { scoreTier, type ScoreTier } from './score-tier.ts';

describe('score tier (1-core §2: gold at 80%, blue at 50%)', () => {
  it.each<[number, ScoreTier]>([
    [100, 'gold'],
    [80, 'gold'],
    [79.9, 'blue'],
    [79, 'blue'],
    [50, 'blue'],
    [49, 'neutral'],
    [0, 'neutral'],
  ])('%d%% → %s', (percentage, tier) => {
    expect(scoreTier(percentage)).toBe(tier);
  });
});
