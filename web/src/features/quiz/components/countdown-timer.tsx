import { useEffect, useRef, useState } from 'react';
import { formatClock, timerAnnouncement } from '../format.ts';
import { TimerIcon } from '@/components/icons.tsx';
import styles from './countdown-timer.module.css';

interface Props {
  /** The deadline on this browser's clock (epoch ms). */
  deadlineAt: number;
  /** False once the round is over: the display stops where it is. */
  running: boolean;
  onExpire(): void;
}

const secondsLeft = (deadlineAt: number) => Math.max(0, Math.ceil((deadlineAt - Date.now()) / 1000));

/**
 * The competition countdown, m:ss, updated every second. Screen readers hear it every
 * 30 seconds and at 10 seconds (a polite live region), not on every tick.
 */
export function CountdownTimer({ deadlineAt, running, onExpire }: Props) {
  const [left, setLeft] = useState(() => secondsLeft(deadlineAt));
  const [spoken, setSpoken] = useState('');
  const expired = useRef(false);
  const onExpireRef = useRef(onExpire);
  onExpireRef.current = onExpire;

  useEffect(() => {
    expired.current = false;
    setLeft(secondsLeft(deadlineAt));
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
    if (left === 0) {
      setSpoken('Time is up');
      if (!expired.current) {
        expired.current = true;
        onExpireRef.current();
      }
      return;
    }
    const announcement = timerAnnouncement(left);
    if (announcement) setSpoken(announcement);
  }, [left, running]);

  const urgent = left <= 30;
  return (
    <div className={[styles['quiz-timer'], urgent ? styles['quiz-timer--urgent'] : ''].filter(Boolean).join(' ')}>
      <TimerIcon size={18} />
      <span className="quiz-timer__label">Time left</span>
      <span className={styles['quiz-timer__value']} role="timer" aria-live="off" aria-label={`Time left ${formatClock(left)}`}>
        {formatClock(left)}
      </span>
      <span className="visually-hidden" role="status" aria-live="polite">
        {spoken}
      </span>
    </div>
  );
}
