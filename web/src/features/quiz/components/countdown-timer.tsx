import { useEffect, useRef, useState } from 'react';
import { timeMultiplierLabel, type TimeMultiplier } from '#shared/quiz/time-allowance.ts';
import { TimerIcon } from '@/components/icons.tsx';
import { formatClock, formatDuration } from '../format.ts';
import { thresholdAnnouncement } from '../timer-thresholds.ts';
import styles from './countdown-timer.module.css';

interface Props {
  /** The deadline on this browser's clock (epoch ms). */
  deadlineAt: number;
  /** The player's whole window as the server set it (its deadline less its start), multiplier included. */
  allowedMs: number;
  /** The player's time multiplier from the profile, when the server says which. */
  multiplier?: TimeMultiplier | undefined;
  /** False once the round is over: the display stops where it is. */
  running: boolean;
  onExpire(): void;
}

const secondsLeft = (deadlineAt: number) => Math.max(0, Math.ceil((deadlineAt - Date.now()) / 1000));

/**
 * The countdown of a timed round, m:ss, updated every second. The ticking text is a
 * role="timer" that is not live; screen readers hear a separate polite region only at the
 * marks of timer-thresholds.ts (5 min, 2 min, 1 min, 30 s, 10 s) and when time is up.
 * With extra time, the allowance is named beside the clock.
 */
export function CountdownTimer({ deadlineAt, allowedMs, multiplier, running, onExpire }: Props) {
  const [left, setLeft] = useState(() => secondsLeft(deadlineAt));
  const [spoken, setSpoken] = useState('');
  const previous = useRef(left);
  const expired = useRef(false);
  const onExpireRef = useRef(onExpire);
  onExpireRef.current = onExpire;

  useEffect(() => {
    expired.current = false;
    previous.current = secondsLeft(deadlineAt);
    setLeft(previous.current);
  }, [deadlineAt]);

  useEffect(() => {
    if (!running) return;
    const tick = () => setLeft(secondsLeft(deadlineAt));
    tick();
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, [deadlineAt, running]);

  useEffect(() => {
    if (!running) return;
    const before = previous.current;
    previous.current = left;
    if (left === 0) {
      setSpoken('Time is up');
      if (!expired.current) {
        expired.current = true;
        onExpireRef.current();
      }
      return;
    }
    const announcement = thresholdAnnouncement(before, left);
    if (announcement) setSpoken(announcement);
  }, [left, running]);

  const urgent = left <= 30;
  const extra = multiplier !== undefined && multiplier !== 1;
  return (
    <div className={[styles['quiz-timer'], urgent ? styles['quiz-timer--urgent'] : ''].filter(Boolean).join(' ')}>
      <TimerIcon size={18} />
      <span className="quiz-timer__label">Time left</span>
      <span className={styles['quiz-timer__value']} role="timer" aria-live="off" aria-label={`Time left ${formatClock(left)} of ${formatDuration(allowedMs)}`}>
        {formatClock(left)}
      </span>
      {extra && (
        <span className={styles['quiz-timer__allowance']} data-testid="time-allowance">
          {timeMultiplierLabel(multiplier)} ({formatDuration(allowedMs)})
        </span>
      )}
      <span className="visually-hidden" role="status" aria-live="polite">
        {spoken}
      </span>
    </div>
  );
}

/** In place of the countdown when the player's profile lifts the limit: the screen says so. */
export function NoTimeLimit() {
  return (
    <p className={styles['quiz-timer']} data-testid="no-time-limit">
      <TimerIcon size={18} />
      <span>No time limit</span>
    </p>
  );
}
