import { createContext } from 'react';
import type { RealtimeConnection } from './connection.ts';

/** The signed-in user's connection; null when signed out (hooks then do nothing). */
export const RealtimeContext = createContext<RealtimeConnection | null>(null);
