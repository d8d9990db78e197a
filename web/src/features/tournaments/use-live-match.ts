import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { msUntilServerInstant } from '#shared/tournaments/clock-sync.ts';
import { MATCH_MESSAGE_TYPES, questionOpenMessageSchema, type MatchState } from '#shared/tournaments/api.ts';
import type { ServerMessage } from '#shared/realtime/messages.ts';
import { useRealtimeStatus, useRealtimeTopic, useServerClockOffset } from '@/lib/realtime/index.ts';
import { useMatchState } from './api/tournaments-api.ts';
import { tournamentKeys } from './api/query-keys.ts';

/** Without a live connection the page asks the server this often; with one, it waits for pushes. */
const POLL_WITHOUT_SOCKET_MS = 3000;

/**
 * A live match as this player sees it: the server's state (TanStack Query), kept current by
 * the match topic (`match:<id>`): a question arrives a moment before it opens and appears at
 * its open instant on the server's clock (the same moment on every screen, however long the
 * push took to reach this one; at once if it arrived late, its time left still from then), and
 * standings refetch the player's own score and rank. A reconnect refetches (the server keeps
 * everything), and timers ask again at the server's own close and next-open instants, so a
 * missed push costs at most a moment.
 */
export function useLiveMatch(id: string) {
  const client = useQueryClient();
  const realtime = useRealtimeStatus();
  const match = useMatchState(id, realtime === 'open' ? false : POLL_WITHOUT_SOCKET_MS);
  const key = tournamentKeys.match(id);
  // The server's clock minus the browser's (the countdown and the question's appearance run on the
  // server's): measured over the socket (the best of a few round trips), else from the last answer.
  const socketOffsetMs = useServerClockOffset();
  const offsetMs = socketOffsetMs ?? (match.data ? Date.parse(match.data.now) - match.dataUpdatedAt : 0);

  const refetch = useCallback(() => void client.invalidateQueries({ queryKey: tournamentKeys.match(id) }), [client, id]);

  useRealtimeTopic(
    `match:${id}`,
    (message: ServerMessage) => {
      if (message.type === MATCH_MESSAGE_TYPES.questionOpen) {
        const parsed = questionOpenMessageSchema.safeParse(message.data);
        if (!parsed.success) return refetch();
        const { tournament_id: _id, ...question } = parsed.data;
        client.setQueryData<MatchState>(key, (old) => (old ? { ...old, status: 'open', question, next_open_at: null, me: { ...old.me, answered_current: false } } : old));
      } else if (message.type === MATCH_MESSAGE_TYPES.standings || message.type === MATCH_MESSAGE_TYPES.finished) {
        refetch();
      }
    },
    { onResync: refetch },
  );

  // Ask again at the close and at the next open, on the server's clock.
  const closeAt = match.data?.question?.close_at;
  const nextOpenAt = match.data?.next_open_at;
  useEffect(() => {
    const due = [closeAt, nextOpenAt].filter((x): x is string => Boolean(x)).map((iso) => Date.parse(iso) - (Date.now() + offsetMs) + 400);
    const timers = due.filter((ms) => ms < 30 * 60_000).map((ms) => setTimeout(refetch, Math.max(0, ms)));
    return () => timers.forEach(clearTimeout);
  }, [closeAt, nextOpenAt, offsetMs, refetch]);

  // Re-render at the question's open instant: until then it is announced, not shown.
  const opensAt = match.data?.question ? Date.parse(match.data.question.open_at) : null;
  const [, setShownAt] = useState(0);
  const waitMs = opensAt === null ? 0 : msUntilServerInstant(opensAt, Date.now(), offsetMs);
  useEffect(() => {
    if (waitMs <= 0) return undefined;
    const timer = setTimeout(() => setShownAt(Date.now()), waitMs);
    return () => clearTimeout(timer);
  }, [opensAt, waitMs]);
  const question = match.data?.question && waitMs <= 0 ? match.data.question : null;

  return { match, offsetMs, question, opensAt: waitMs > 0 ? opensAt : null };
}
