import type { ProgressResponse } from '#shared/quiz/contracts.ts';

/** GET /api/progress as the page loaded it once and shares with the widgets that read it. */
export type ProgressState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: ProgressResponse };
