import { describe, expect, it } from 'vitest';
import { crossedThreshold, thresholdAnnouncement, timeLeftText } from './timer-thresholds.ts';

describe('countdown announcements: only at 5 min, 2 min, 1 min, 30 s and 10 s left', () => {
  it.each<[number, number, string | null]>([
    // previous, current (whole seconds left), spoken
    [301, 300, '5 minutes left'],
    [300, 299, null],
    [271, 270, null], // not every half minute
    [121, 120, '2 minutes left'],
    [61, 60, '1 minute left'],
    [60, 59, null],
    [31, 30, '30 seconds left'],
    [11, 10, '10 seconds left'],
    [10, 9, null],
    [2, 1, null],
    [1, 0, null], // time up is said by the timer itself
    [65, 28, '28 seconds left'], // a jump past 1 min and 30 s speaks once, with the time truly left
    [400, 5, '5 seconds left'], // straight to the last seconds: no stale mark
    [720, 720, null], // a doubled 6-minute window opens silently
    [30, 30, null], // no tick, nothing new
    [20, 25, null], // the clock moved back (a resync): silent
  ])('%i → %i s: %s', (previous, current, expected) => {
    expect(thresholdAnnouncement(previous, current)).toBe(expected);
  });

  it('names the mark crossed', () => {
    expect(crossedThreshold(121, 119)).toBe(120);
    expect(crossedThreshold(65, 28)).toBe(30);
    expect(crossedThreshold(9, 8)).toBeNull();
  });

  it.each<[number, string]>([
    [300, '5 minutes left'],
    [90, '1 minute 30 seconds left'],
    [60, '1 minute left'],
    [1, '1 second left'],
  ])('%i s reads "%s"', (seconds, text) => {
    expect(timeLeftText(seconds)).toBe(text);
  });
});
