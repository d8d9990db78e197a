import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A live match's time passes in the step queue, never in a Lambda: no module of the area waits
 * (a timer, a sleep helper), so a step's cost is its work alone. tests/handlers/live-tournaments.test.ts
 * plays matches step by step with no wait at all.
 */
const dir = import.meta.dirname;
const sources = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

describe('the live match area waits for nothing', () => {
  it.each(sources)('%s sets no timer and imports no sleep', (file) => {
    const source = readFileSync(join(dir, file), 'utf8');
    expect(source).not.toMatch(/\bset(Timeout|Interval|Immediate)\s*\(|\bsleep\b|interruptible-wait|timers\/promises/);
  });
});
