import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Level, Subject } from '#shared/constants.ts';
import { afterSend, downloadedPackSchema, offlineAttemptResultSchema, type OfflineAttemptResult, type OfflinePack } from '#shared/offline/offline.ts';
import { api, isApiError } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';
import { listOutbox, removeFromOutbox, type StoredOutboxItem } from '../offline-db.ts';


/** POST /api/offline/packs: 10 questions with their answer key (premium offline_mode). */
export async function downloadPack(subject: Subject, level: Level): Promise<OfflinePack> {
  return (await api.request('/api/offline/packs', { method: 'POST', auth: true, body: { subject, level }, schema: downloadedPackSchema })).pack;
}

/** POST /api/offline/attempts: one queued result; the server grades it against the pack it issued. */
function sendAttempt(item: StoredOutboxItem): Promise<OfflineAttemptResult> {
  const { packId, clientAttemptId, answers, startedAt, completedAt, timeZone } = item;
  return api.request('/api/offline/attempts', { method: 'POST', auth: true, body: { packId, clientAttemptId, answers, startedAt, completedAt, timeZone }, schema: offlineAttemptResultSchema });
}

export interface SyncState {
  pending: StoredOutboxItem[];
  /** Results the server counted during this visit (its score, not the device's). */
  sent: OfflineAttemptResult[];
  /** Results the server refused for good (e.g. a replay of a quiz already counted), with its message. */
  refused: { clientAttemptId: string; message: string }[];
  /** Why the results left are waiting when the server asked to send them later (429: e.g. today's limit). */
  deferred: string | null;
  syncing: boolean;
}

/**
 * The outbox: results played offline, sent when the connection returns (and on every visit
 * while online). A sent or refused result leaves the outbox (afterSend); one that could not
 * reach the server stays for the next try. The client attempt id makes a resend count once.
 */
export function useOutbox(userId: string | null, online: boolean, signedIn: boolean) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SyncState>({ pending: [], sent: [], refused: [], deferred: null, syncing: false });
  const running = useRef(false);

  const reload = useCallback(async () => {
    if (!userId) return;
    const pending = await listOutbox(userId);
    setState((s) => ({ ...s, pending }));
  }, [userId]);

  const flush = useCallback(async () => {
    if (!userId || !online || !signedIn || running.current) return;
    running.current = true;
    setState((s) => ({ ...s, syncing: true, deferred: null }));
    let counted = false;
    try {
      for (const item of await listOutbox(userId)) {
        try {
          const result = await sendAttempt(item);
          await removeFromOutbox(item.clientAttemptId);
          counted = true;
          // The result leaves the waiting list in the same render it is shown as counted.
          setState((s) => ({
            ...s,
            pending: s.pending.filter((p) => p.clientAttemptId !== item.clientAttemptId),
            sent: [...s.sent.filter((r) => r.attemptId !== result.attemptId), result],
          }));
        } catch (error) {
          const status = isApiError(error) ? (error.status === 0 ? 'network-error' : error.status) : 'network-error';
          if (afterSend(status) !== 'remove') {
            if (status === 429 && isApiError(error)) setState((s) => ({ ...s, deferred: error.message }));
            break;
          }
          await removeFromOutbox(item.clientAttemptId);
          const message = isApiError(error) ? error.message : 'This result could not be counted.';
          setState((s) => ({
            ...s,
            pending: s.pending.filter((p) => p.clientAttemptId !== item.clientAttemptId),
            refused: [...s.refused.filter((r) => r.clientAttemptId !== item.clientAttemptId), { clientAttemptId: item.clientAttemptId, message }],
          }));
        }
      }
    } finally {
      running.current = false;
      setState((s) => ({ ...s, syncing: false }));
      await reload();
      if (counted) {
        for (const root of [QUERY_ROOTS.progress, QUERY_ROOTS.analytics, QUERY_ROOTS.leaderboard]) void queryClient.invalidateQueries({ queryKey: [root] });
      }
    }
  }, [userId, online, signedIn, queryClient, reload]);

  useEffect(() => {
    void reload().then(flush);
  }, [reload, flush]);

  return { ...state, reload, flush };
}
