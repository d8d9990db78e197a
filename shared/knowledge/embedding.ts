import type { DocumentState } from './documents.ts';

/**
 * The rules of embedding an added document in the background: how much is embedded per step
 * (progress is recorded after each), when a document that stopped moving counts as failed, what
 * a person is told when it fails, and which documents may be retried.
 */
export const EMBEDDING = {
  /** Passages embedded per step; the document's progress is written after each step. */
  passagesPerStep: 16,
  /** An `embedding` document without progress this long lost its run (a crash after every retry). */
  stalledAfterMs: 15 * 60_000,
  /** A `pending` document never started this long after it was stored (its message was lost or dead-lettered). */
  neverStartedAfterMs: 60 * 60_000,
  /** The newest documents the admin screen lists. */
  listLimit: 20,
  /** How often the admin screen asks again while a document is on its way. */
  pollMs: 1500,
} as const;

export const EMBEDDING_MESSAGES = {
  stalled: 'Embedding stopped before it finished. Retry to continue where it stopped.',
  neverStarted: 'Embedding never started. Retry to queue it again.',
  accessEnded: 'Stopped: the admin who asked for it no longer has admin access.',
  throttled: 'The embedding service was busy and refused the passages (throttled). Retry in a minute.',
  failed: (what: string) => `Embedding failed: ${what}`,
} as const;

/** A failure as the admin reads it: the service's error name and message, never a stack. */
export function failureReason(error: unknown): string {
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  if (/throttl|too many requests|rate exceeded/i.test(`${name} ${message}`)) return EMBEDDING_MESSAGES.throttled;
  const what = message && message !== name ? `${name}: ${message}` : name;
  return EMBEDDING_MESSAGES.failed(what.replace(/\s+/g, ' ').slice(0, 300));
}

/** Whether a document is still on its way (the admin screen keeps polling). */
export const inProgress = (status: DocumentState['status']): boolean => status === 'pending' || status === 'embedding';

/**
 * The document as the admin sees it at `now`: a stored `pending` or `embedding` that stopped
 * moving (its run died after every retry) shows as failed with a reason, so it can be retried.
 */
export function documentView(doc: DocumentState, now: Date): DocumentState {
  const idle = now.getTime() - Date.parse(doc.updatedAt);
  if (doc.status === 'embedding' && idle > EMBEDDING.stalledAfterMs) return { ...doc, status: 'failed', failureReason: EMBEDDING_MESSAGES.stalled };
  if (doc.status === 'pending' && idle > EMBEDDING.neverStartedAfterMs) return { ...doc, status: 'failed', failureReason: EMBEDDING_MESSAGES.neverStarted };
  return doc;
}

/** Retry is for a document that failed, or shows as failed because it stopped moving. */
export const canRetry = (doc: DocumentState, now: Date): boolean => documentView(doc, now).status === 'failed';

/** The passages still to embed, in steps of `passagesPerStep`: indexes of `total` not in `done`. */
export function remainingSteps(total: number, done: ReadonlySet<number>, perStep: number = EMBEDDING.passagesPerStep): number[][] {
  const missing = Array.from({ length: total }, (_, i) => i).filter((i) => !done.has(i));
  const steps: number[][] = [];
  for (let i = 0; i < missing.length; i += perStep) steps.push(missing.slice(i, i + perStep));
  return steps;
}

/** "7 of 12 passages" as a whole percentage for the progress bar (0 before the total is known). */
export function progressPercent(doc: Pick<DocumentState, 'chunksTotal' | 'chunksEmbedded' | 'status'>): number {
  if (doc.status === 'ready') return 100;
  if (!doc.chunksTotal) return 0;
  return Math.min(100, Math.floor((doc.chunksEmbedded / doc.chunksTotal) * 100));
}
