import { downloadedPackSchema, offlineAttemptResultSchema } from '#shared/offline/offline.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** Offline quizzes (docs/quiz.md: premium offline_mode): downloadable packs and results played offline. */
export const OFFLINE_ROUTES = [
  { method: 'POST', path: '/api/offline/packs', name: 'DownloadOfflinePack', entry: 'functions/offline/download-pack.ts', auth: 'jwt', response: downloadedPackSchema },
  { method: 'POST', path: '/api/offline/attempts', name: 'SubmitOfflineAttempt', entry: 'functions/offline/submit-attempt.ts', auth: 'jwt', response: offlineAttemptResultSchema },
] as const satisfies readonly RouteDefinition[];
