import { useSyncExternalStore } from 'react';
import { connectivity } from './connectivity.ts';

/**
 * Whether the app is online (docs/quiz.md): the browser's flag, and the server answering
 * (lib/connectivity.ts).
 */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(connectivity.subscribe, connectivity.isOnline, () => true);
}
