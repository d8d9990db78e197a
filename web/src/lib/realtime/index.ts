export { reconnectDelay } from './backoff.ts';
export { RealtimeConnection, type RealtimeStatus } from './connection.ts';
export { RealtimeProvider } from './realtime-provider.tsx';
export { useOwnTopic, useRealtimeStatus, useRealtimeTopic, useServerClockOffset, type RealtimeTopicOptions } from './use-realtime.ts';
export { fallbackPolling, usePushedRefresh, type PushedRefresh } from './use-pushed-refresh.ts';
