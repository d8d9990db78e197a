import { describe, expect, it } from 'vitest';
import { analytics, analyticsResponseSchema, type AttemptPoint } from '#shared/analytics.ts';
import { analyticsCsv, analyticsCsvName, csvField } from './analytics-csv.ts';

const now = new Date('2026-11-22T15:00:00Z');
const at = (completedAt: string, score: number, subject: AttemptPoint['subject']): AttemptPoint => ({ subject, score, total: 10, timeSpentMs: 80_000, completedAt });

describe('analytics export (1-core §2)', () => {
  const data = analyticsResponseSchema.parse(analytics([at('2026-11-22T09:00:00Z', 8, 'history'), at('2026-11-21T09:00:00Z', 6, 'geography')], 7, now));
  const lines = analyticsCsv(data).trimEnd().split('\r\n');

  it('starts with the header row', () => {
    expect(lines[0]).toBe('subject,bucket,from,to,attempts,accuracy,speed,consistency');
  });

  it('has one row per subject and bucket: 3 × 7', () => {
    expect(lines).toHaveLength(1 + 3 * 7);
  });

  it('writes the server numbers and leaves empty buckets blank', () => {
    expect(lines).toContain('history,Sun,2026-11-22T00:00:00.000Z,2026-11-23T00:00:00.000Z,1,80,8,100');
    expect(lines).toContain('religion,Mon,2026-11-16T00:00:00.000Z,2026-11-17T00:00:00.000Z,0,,,');
  });

  it.each<[string | number | null, string]>([
    ['plain', 'plain'],
    [12.5, '12.5'],
    [null, ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
  ])('quotes %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each([
    ['accuracy', 30, 'quizquest-analytics-accuracy-30d.csv'],
    ['speed', 7, 'quizquest-analytics-speed-7d.csv'],
    ['consistency', 90, 'quizquest-analytics-consistency-90d.csv'],
  ] as const)('names the %s file for %i days %s', (metric, range, name) => {
    expect(analyticsCsvName(metric, range)).toBe(name);
  });
});
