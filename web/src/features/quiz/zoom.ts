/** The image zoom overlay: 50% to 300% in steps of 25% (docs/quiz.md). */
export const ZOOM = { min: 0.5, max: 3, step: 0.25, initial: 1 } as const;

/** Keeps a scale within range, on the step grid. */
export function clampZoom(scale: number): number {
  const stepped = Math.round(scale / ZOOM.step) * ZOOM.step;
  return Math.min(ZOOM.max, Math.max(ZOOM.min, stepped));
}

export const zoomIn = (scale: number): number => clampZoom(scale + ZOOM.step);
export const zoomOut = (scale: number): number => clampZoom(scale - ZOOM.step);

/** "125%" */
export const zoomPercent = (scale: number): string => `${Math.round(scale * 100)}%`;
