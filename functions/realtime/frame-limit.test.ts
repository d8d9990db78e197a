import { describe, expect, it } from 'vitest';
import { WEBSOCKET_THROTTLE } from '../throttle.ts';
import { FRAMES_PER_WINDOW, frameVerdict } from './frame-limit.ts';

describe('the frame limit per socket, as the route functions apply it', () => {
  it('lets through in a 10 s window what the local gateway lets through at most: a burst of 20, then 10 a second', () => {
    expect(WEBSOCKET_THROTTLE.frameWindowMs).toBe(10_000);
    expect(FRAMES_PER_WINDOW).toBe(20 + 10 * 10);
    expect(frameVerdict(1)).toBe('run');
    expect(frameVerdict(120)).toBe('run');
  });

  it('refuses the next 100 frames of the window, then closes the socket', () => {
    expect(frameVerdict(121)).toBe('refuse');
    expect(frameVerdict(220)).toBe('refuse');
    expect(frameVerdict(221)).toBe('close');
    expect(frameVerdict(5000)).toBe('close');
  });
});
