import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { markedAllSchema, NOTIFICATION_POLL_MS, notificationListSchema, type NotificationList } from '#shared/notifications/notification.ts';
import { settingsResponseSchema, type NotificationSettings } from '#shared/notifications/settings.ts';
import { NOTIFICATION_CREATED, notificationCreatedSchema } from '#shared/notifications/live.ts';
import { consentRespondPath, linkAnsweredSchema } from '#shared/parents/parents.ts';
import type { ConsentRequest } from '#shared/notifications/notification.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';
import { useOwnTopic, useRealtimeStatus, useRealtimeTopic } from '@/lib/realtime/use-realtime.ts';
import { detectedTimeZone } from '@/lib/time-zone.ts';
import { withArrival } from '../live-notifications.ts';
import { notificationKeys } from './query-keys.ts';

const id = encodeURIComponent;

/** GET /api/notifications: the newest 20 delivered notifications and the unread count. */
export const getNotifications = (signal?: AbortSignal, client: ApiClient = api) =>
  client.request('/api/notifications', { auth: true, schema: notificationListSchema, signal });
export const markReadRequest = (notificationId: string, client: ApiClient = api) =>
  client.request(`/api/notifications/${id(notificationId)}/read`, { method: 'POST', auth: true });
export const markAllReadRequest = (client: ApiClient = api) =>
  client.request('/api/notifications/read-all', { method: 'POST', auth: true, schema: markedAllSchema });
export const deleteNotificationRequest = (notificationId: string, client: ApiClient = api) =>
  client.request(`/api/notifications/${id(notificationId)}`, { method: 'DELETE', auth: true });

export const getSettings = (signal?: AbortSignal, client: ApiClient = api) =>
  client.request('/api/notifications/settings', { auth: true, schema: settingsResponseSchema, signal }).then((r) => r.settings);
export const saveSettingsRequest = (settings: NotificationSettings & { timeZone?: string }, client: ApiClient = api) =>
  client.request('/api/notifications/settings', { method: 'PUT', body: settings, auth: true, schema: settingsResponseSchema }).then((r) => r.settings);

/**
 * The bell's list. New items arrive live over the account's WebSocket (`notification.created`
 * on `user:<id>`: prepended to the cached list), and after a reconnect the list is fetched
 * again for what was missed. While the connection is not open the list is asked for every
 * 30 s instead, and when the window regains focus (a push already covers that while it is open).
 */
export function useNotifications(enabled: boolean) {
  const queryClient = useQueryClient();
  const live = useRealtimeStatus() === 'open';
  const ownTopic = useOwnTopic();
  useRealtimeTopic(
    enabled ? ownTopic : null,
    (message) => {
      if (message.type !== NOTIFICATION_CREATED) return;
      const item = notificationCreatedSchema.safeParse(message.data);
      if (!item.success) return;
      queryClient.setQueryData<NotificationList>(notificationKeys.list(), (list) => (list ? withArrival(list, item.data) : list));
      // Nothing cached yet (the first fetch still running): fetch, which includes it.
      if (!queryClient.getQueryData(notificationKeys.list())) void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    },
    { onResync: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list() }) },
  );
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: live ? false : NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: !live,
    enabled,
  });
}

/**
 * A change to one item shows at once (the cache is updated in place), and the list is
 * fetched again afterwards so the unread count is the server's.
 */
function useListMutation<V>(request: (variables: V) => Promise<unknown>, update: (list: NotificationList, variables: V) => NotificationList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    meta: { invalidates: [notificationKeys.list()] },
    onSuccess: (_data, variables) => {
      queryClient.setQueryData<NotificationList>(notificationKeys.list(), (list) => (list ? update(list, variables) : list));
    },
  });
}

const unreadOf = (notifications: NotificationList['notifications']) => notifications.filter((n) => !n.read).length;

export const useMarkRead = () =>
  useListMutation(
    (notificationId: string) => markReadRequest(notificationId),
    (list, notificationId) => {
      const notifications = list.notifications.map((n) => (n.id === notificationId ? { ...n, read: true } : n));
      return { notifications, unread: unreadOf(notifications) };
    },
  );

export const useMarkAllRead = () =>
  useListMutation(
    () => markAllReadRequest(),
    (list) => ({ notifications: list.notifications.map((n) => ({ ...n, read: true })), unread: 0 }),
  );

export const useDeleteNotification = () =>
  useListMutation(
    (notificationId: string) => deleteNotificationRequest(notificationId),
    (list, notificationId) => {
      const notifications = list.notifications.filter((n) => n.id !== notificationId);
      return { notifications, unread: unreadOf(notifications) };
    },
  );

export function useNotificationSettings() {
  return useQuery({ queryKey: notificationKeys.settings(), queryFn: ({ signal }) => getSettings(signal) });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => saveSettingsRequest({ ...settings, timeZone: detectedTimeZone() }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.settings(), saved),
  });
}

/**
 * Accept / Decline of a parent's link or a class invitation, right in the bell. The
 * answer goes to the parents' or classes' API; what they show is asked again.
 */
export const useAnswerConsent = () =>
  useMutation({
    mutationFn: ({ request, accept }: { request: ConsentRequest; accept: boolean }) =>
      api.request(consentRespondPath(request.kind, request.id), { method: 'POST', body: { accept }, auth: true, schema: linkAnsweredSchema }),
    meta: { invalidates: [[QUERY_ROOTS.parents], [QUERY_ROOTS.classes]] },
  });
