import { describe, expect, it } from 'vitest';
import { invocationLeaseMs, MAX_LAMBDA_RUN_MS } from './processed-events.ts';

describe('the lease of a claim made inside an invocation', () => {
  it('lasts until the invocation’s deadline (what the Lambda context has left)', () => {
    expect(invocationLeaseMs({ getRemainingTimeInMillis: () => 123_456 })).toBe(123_456);
  });

  it('without a deadline to read, lasts as long as any Lambda invocation can run', () => {
    expect(invocationLeaseMs()).toBe(MAX_LAMBDA_RUN_MS);
    expect(invocationLeaseMs({ getRemainingTimeInMillis: () => 0 })).toBe(MAX_LAMBDA_RUN_MS);
    expect(MAX_LAMBDA_RUN_MS).toBe(15 * 60 * 1000);
  });
});
