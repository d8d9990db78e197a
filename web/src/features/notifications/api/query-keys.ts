import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

/** The notifications feature's query keys: the bell's list and the settings. */
export const notificationKeys = {
  all: [QUERY_ROOTS.notifications] as const,
  list: () => [QUERY_ROOTS.notifications, 'list'] as const,
  settings: () => [QUERY_ROOTS.notifications, 'settings'] as const,
};
