import { createContext } from 'react';
import type { RealtimeConnection } from './connection.ts';

/** The signed-in user's connection and account; null when signed out (hooks then do nothing). */
export interface RealtimeContextValue {
  connection: RealtimeConnection;
  userId: string;
}

export const RealtimeContext = createContext<RealtimeContextValue | null>(null);
