import { describe, expect, it } from 'vitest';
import { ALERT_LEAD_MS, alertDue, minutesUntil, type AlertCandidate } from './alerts.ts';

const start = Date.parse('2026-11-28T18:00:00.000Z');
const match = (over: Partial<AlertCandidate> = {}): AlertCandidate => ({ match_status: 'waiting', participants: 3, start_at: new Date(start).toISOString(), ...over });

describe('a live match due its players’ alert (issue 23 item 8)', () => {
  it.each<[string, AlertCandidate, number, boolean]>([
    ['16 min before: not yet', match(), start - 16 * 60_000, false],
    ['15 min before: due', match(), start - ALERT_LEAD_MS, true],
    ['1 s before: still due', match(), start - 1000, true],
    ['at the start: too late', match(), start, false],
    ['already alerted', match({ alert_sent_at: '2026-11-28T17:46:00.000Z' }), start - 10 * 60_000, false],
    ['no players', match({ participants: 0 }), start - 10 * 60_000, false],
    ['already starting', match({ match_status: 'starting' }), start - 30_000, false],
  ])('%s', (_name, t, now, expected) => {
    expect(alertDue(t, now)).toBe(expected);
  });

  it('says whole minutes, at least one', () => {
    expect(minutesUntil('2026-11-28T18:00:00.000Z', '2026-11-28T17:45:00.000Z')).toBe(15);
    expect(minutesUntil('2026-11-28T18:00:00.000Z', '2026-11-28T17:45:30.000Z')).toBe(15);
    expect(minutesUntil('2026-11-28T18:00:00.000Z', '2026-11-28T17:59:50.000Z')).toBe(1);
  });
});
