import { createQueryClient } from '@/lib/query/create-query-client.ts';

/** The page's one server-state cache, provided at the app's root (app.tsx). */
export const queryClient = createQueryClient();
