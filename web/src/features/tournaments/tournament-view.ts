import type { TournamentView } from '#shared/tournaments/api.ts';

/** What a card offers (docs/social.md): Join when registered and active, Registered when registered otherwise, Register when open, never when full. */
export type CardAction = 'join' | 'registered' | 'register' | 'full' | 'finished' | 'not-open';

export function cardAction(t: Pick<TournamentView, 'state' | 'is_registered' | 'participants' | 'capacity'>): CardAction {
  if (t.state === 'finished') return 'finished';
  if (t.is_registered) return t.state === 'active' ? 'join' : 'registered';
  if (t.state === 'full' || t.participants >= t.capacity) return 'full';
  return t.state === 'registration_open' || t.state === 'active' ? 'register' : 'not-open';
}

export const STATE_LABEL: Record<TournamentView['state'], string> = {
  upcoming: 'Upcoming',
  registration_open: 'Registration open',
  active: 'Live now',
  full: 'Full',
  finished: 'Finished',
};

/** Whole seconds left until `deadline`, on the server's clock (`offsetMs` = server − browser). */
export function secondsLeft(deadlineMs: number, browserNowMs: number, offsetMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - (browserNowMs + offsetMs)) / 1000));
}

/** The countdown speaks only at these points (a polite live region), not every second. */
export const ANNOUNCE_AT = [10, 5] as const;

export function timerAnnouncement(seconds: number): string | null {
  if (seconds === 0) return 'Time is up';
  return (ANNOUNCE_AT as readonly number[]).includes(seconds) ? `${seconds} seconds left` : null;
}

export function formatClock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

const WHEN = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
export const formatStart = (iso: string): string => WHEN.format(new Date(iso));
