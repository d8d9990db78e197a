import type { DocumentStatus } from '#shared/knowledge/documents.ts';

export const STATUS_LABEL: Record<DocumentStatus, string> = {
  pending: 'Waiting',
  embedding: 'Embedding',
  ready: 'Ready',
  failed: 'Failed',
};

/** "1 passage", "12 passages". */
export const passagesLabel = (n: number): string => `${n} ${n === 1 ? 'passage' : 'passages'}`;
