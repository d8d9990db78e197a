import { describe, expect, it } from 'vitest';
import { clampZoom, ZOOM, zoomIn, zoomOut, zoomPercent } from './zoom.ts';

describe('image zoom (1-core §9: 0.5 to 3 in steps of 0.25)', () => {
  it.each([
    [1, 1],
    [0.25, 0.5],
    [0, 0.5],
    [3.5, 3],
    [1.3, 1.25],
    [1.2, 1.25],
  ])('clamps %s to %s', (scale, expected) => {
    expect(clampZoom(scale)).toBe(expected);
  });

  it('steps by 0.25 and stops at the ends', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomOut(1)).toBe(0.75);
    expect(zoomIn(ZOOM.max)).toBe(3);
    expect(zoomOut(ZOOM.min)).toBe(0.5);
  });

  it('reaches 3 from 1 in eight steps and 0.5 in two', () => {
    let scale: number = ZOOM.initial;
    for (let i = 0; i < 8; i++) scale = zoomIn(scale);
    expect(scale).toBe(3);
    scale = ZOOM.initial;
    scale = zoomOut(zoomOut(scale));
    expect(scale).toBe(0.5);
  });

  it.each([
    [1, '100%'],
    [0.5, '50%'],
    [1.25, '125%'],
    [3, '300%'],
  ])('shows %s as %s', (scale, text) => {
    expect(zoomPercent(scale)).toBe(text);
  });
});
