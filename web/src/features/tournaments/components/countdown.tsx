import { useEffect, useState } from 'react';
import { formatClock, secondsLeft, timerAnnouncement } from '../tournament-view.ts';
import styles from './live-match.module.css';

/**
 * Time left, on the server's clock. A `role="timer"` (not read out as it ticks); a polite
 * live region speaks only at 10 s, 5 s and when time is up.
 */
export function Countdown({ deadlineMs, offsetMs, label }: { deadlineMs: number; offsetMs: number; label: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = secondsLeft(deadlineMs, now, offsetMs);
  // Empty between thresholds, so a screen reader hears each threshold once.
  const announcement = timerAnnouncement(seconds) ?? '';
  return (
    <div className={styles.timerBox}>
      <span className="muted" aria-hidden="true">
        {label}
      </span>
      <span role="timer" aria-label={label} className={`${styles.timer} ${seconds <= 5 ? styles.timerLow : ''}`}>
        {formatClock(seconds)}
      </span>
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </span>
    </div>
  );
}
