/**
 * When the countdown speaks (accessible timed play). The ticking clock is a
 * role="timer" with aria-live="off"; a separate polite live region says the time left only
 * as it crosses one of these marks, never every second or every half minute.
 */
export const TIMER_THRESHOLDS_SEC = [300, 120, 60, 30, 10] as const;

/**
 * The mark crossed going from `previous` to `current` whole seconds left, or null (the
 * lowest, when a clock jumps past several). A countdown that opens below a mark (a
 * doubled window, a rejoin) is silent until it reaches the next.
 */
export function crossedThreshold(previous: number, current: number): number | null {
  if (current <= 0 || current >= previous) return null;
  const passed = TIMER_THRESHOLDS_SEC.filter((mark) => current <= mark && mark < previous);
  return passed.length ? Math.min(...passed) : null;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "2 minutes left", "1 minute 30 seconds left", "10 seconds left". */
export function timeLeftText(secondsLeft: number): string {
  const minutes = Math.floor(secondsLeft / 60);
  const seconds = secondsLeft % 60;
  return `${[minutes > 0 ? plural(minutes, 'minute') : '', seconds > 0 ? plural(seconds, 'second') : ''].filter(Boolean).join(' ')} left`;
}

/**
 * What the live region says at a tick: the time actually left when a mark was crossed
 * (a throttled background tab that jumps past marks speaks once, and truly), else nothing.
 */
export function thresholdAnnouncement(previous: number, current: number): string | null {
  return crossedThreshold(previous, current) === null ? null : timeLeftText(current);
}
