import { describe, expect, it } from 'vitest';
import type { HealthResponse } from './api/get-health.ts';
import { healthLoad } from './health-load.ts';

const warning = { status: 'warning' } as HealthResponse;

describe('status banner state from the health query', () => {
  it('is loading with nothing to show during the first check', () => {
    expect(healthLoad({ status: 'pending', data: undefined, isFetching: true })).toEqual({ status: 'loading', previous: null });
  });

  it('shows the answer once it is in', () => {
    expect(healthLoad({ status: 'success', data: warning, isFetching: false })).toEqual({ status: 'ready', data: warning });
  });

  it('keeps the last answer on screen while Refresh checks again', () => {
    expect(healthLoad({ status: 'success', data: warning, isFetching: true })).toEqual({ status: 'loading', previous: warning });
  });

  it('reports a failed check, and does not bring back an older answer while checking after it', () => {
    expect(healthLoad({ status: 'error', data: warning, isFetching: false })).toEqual({ status: 'failed' });
    expect(healthLoad({ status: 'error', data: warning, isFetching: true })).toEqual({ status: 'loading', previous: null });
  });
});
