import { describe, expect, it } from 'vitest';
import type { DocumentState } from './documents.ts';
import { canRetry, documentView, EMBEDDING, EMBEDDING_MESSAGES, failureReason, inProgress, progressPercent, remainingSteps } from './embedding.ts';

const at = (iso: string) => new Date(iso);
const doc = (over: Partial<DocumentState> = {}): DocumentState => ({
  id: 'd1',
  title: 'Westphalia',
  subject: 'history',
  category: 'early-modern-europe',
  status: 'embedding',
  chunksTotal: 40,
  chunksEmbedded: 16,
  failureReason: null,
  createdAt: '2031-01-01T10:00:00.000Z',
  updatedAt: '2031-01-01T10:00:00.000Z',
  readyAt: null,
  ...over,
});

describe('remainingSteps', () => {
  it.each([
    [0, [], []],
    [5, [], [[0, 1, 2, 3, 4]]],
    [40, [], [Array.from({ length: 16 }, (_, i) => i), Array.from({ length: 16 }, (_, i) => i + 16), Array.from({ length: 8 }, (_, i) => i + 32)]],
    // A resumed run embeds only what is missing, still 16 a step.
    [20, Array.from({ length: 16 }, (_, i) => i), [[16, 17, 18, 19]]],
    [4, [0, 2], [[1, 3]]],
    [3, [0, 1, 2], []],
  ])('%i passages with %j done: %j', (total, done, steps) => {
    expect(remainingSteps(total, new Set(done))).toEqual(steps);
  });

  it('embeds 16 passages a step by default', () => {
    expect(EMBEDDING.passagesPerStep).toBe(16);
  });
});

describe('documentView: a document that stopped moving shows as failed', () => {
  const now = at('2031-01-01T10:20:00.000Z');
  it.each([
    ['embedding, progress 14 minutes ago', doc({ updatedAt: '2031-01-01T10:06:00.000Z' }), 'embedding', null],
    ['embedding, no progress for 16 minutes', doc({ updatedAt: '2031-01-01T10:04:00.000Z' }), 'failed', EMBEDDING_MESSAGES.stalled],
    ['pending for 20 minutes (a queue backlog)', doc({ status: 'pending', chunksTotal: null, chunksEmbedded: 0 }), 'pending', null],
    ['pending for over an hour', doc({ status: 'pending', updatedAt: '2031-01-01T09:19:00.000Z' }), 'failed', EMBEDDING_MESSAGES.neverStarted],
    ['ready long ago', doc({ status: 'ready', updatedAt: '2030-01-01T00:00:00.000Z' }), 'ready', null],
    ['failed with its reason', doc({ status: 'failed', failureReason: 'Embedding failed: X' }), 'failed', 'Embedding failed: X'],
  ] as const)('%s → %s', (_name, stored, status, reason) => {
    const view = documentView(stored, now);
    expect(view.status).toBe(status);
    expect(view.failureReason).toBe(reason);
    expect(canRetry(stored, now)).toBe(status === 'failed');
  });
});

describe('failureReason: what the admin reads', () => {
  it.each([
    [Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }), EMBEDDING_MESSAGES.throttled],
    [Object.assign(new Error('Too many requests'), { name: 'TooManyRequestsException' }), EMBEDDING_MESSAGES.throttled],
    [Object.assign(new Error('Malformed input request'), { name: 'ValidationException' }), 'Embedding failed: ValidationException: Malformed input request'],
    [Object.assign(new Error('AccessDeniedException'), { name: 'AccessDeniedException' }), 'Embedding failed: AccessDeniedException'],
    ['a string', 'Embedding failed: Error: a string'],
  ])('%s', (error, reason) => {
    expect(failureReason(error)).toBe(reason);
  });

  it('is one line of at most 300 characters of the error', () => {
    const reason = failureReason(new Error(`line one\n${'x'.repeat(1000)}`));
    expect(reason).not.toContain('\n');
    expect(reason.length).toBeLessThanOrEqual('Embedding failed: '.length + 300);
  });
});

describe('progress', () => {
  it.each([
    [doc({ status: 'pending', chunksTotal: null, chunksEmbedded: 0 }), 0],
    [doc({ chunksTotal: 40, chunksEmbedded: 16 }), 40],
    [doc({ chunksTotal: 3, chunksEmbedded: 2 }), 66],
    [doc({ status: 'ready', chunksTotal: 3, chunksEmbedded: 3 }), 100],
  ])('%# → %i %%', (d, percent) => {
    expect(progressPercent(d)).toBe(percent);
  });

  it('keeps polling while pending or embedding only', () => {
    expect(['pending', 'embedding', 'ready', 'failed'].filter((s) => inProgress(s as DocumentState['status']))).toEqual(['pending', 'embedding']);
  });
});
