import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONSUMERS, consumerTimeoutSeconds, DEFAULT_CONSUMER_TIMEOUT_SECONDS, type ConsumerName } from './consumers.ts';

describe('the consumer table', () => {
  it('gives each consumer its Lambda timeout (the once-marker lease): 30 s unless its entry says otherwise', () => {
    expect(DEFAULT_CONSUMER_TIMEOUT_SECONDS).toBe(30);
    expect(consumerTimeoutSeconds('send-email')).toBe(30);
    expect(consumerTimeoutSeconds('notify')).toBe(60);
    for (const name of Object.keys(CONSUMERS) as ConsumerName[]) {
      expect(consumerTimeoutSeconds(name)).toBeGreaterThan(0);
      expect(consumerTimeoutSeconds(name)).toBeLessThanOrEqual(900); // Lambda's maximum
    }
  });

  it('stays free of zod, so handler bundles can read it', () => {
    expect(readFileSync(new URL('./consumers.ts', import.meta.url), 'utf8')).not.toMatch(/from '[^']*zod/);
  });
});
