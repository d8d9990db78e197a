import { markedAllSchema, notificationIdSchema, notificationListSchema } from '#shared/notifications/notification.ts';
import { settingsResponseSchema } from '#shared/notifications/settings.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** The bell and the Notification Settings screen (docs/social.md). Everything is the caller's own. */
export const NOTIFICATION_ROUTES = [
  { method: 'GET', path: '/api/notifications', name: 'ListNotifications', entry: 'functions/notifications/list-notifications.ts', auth: 'jwt', response: notificationListSchema },
  { method: 'POST', path: '/api/notifications/read-all', name: 'MarkAllNotificationsRead', entry: 'functions/notifications/mark-all-read.ts', auth: 'jwt', response: markedAllSchema },
  { method: 'POST', path: '/api/notifications/{notificationId}/read', name: 'MarkNotificationRead', entry: 'functions/notifications/mark-read.ts', auth: 'jwt', response: 'no-content', params: { notificationId: notificationIdSchema } },
  { method: 'DELETE', path: '/api/notifications/{notificationId}', name: 'DeleteNotification', entry: 'functions/notifications/delete-notification.ts', auth: 'jwt', response: 'no-content', params: { notificationId: notificationIdSchema } },
  { method: 'GET', path: '/api/notifications/settings', name: 'GetNotificationSettings', entry: 'functions/notifications/get-settings.ts', auth: 'jwt', response: settingsResponseSchema },
  { method: 'PUT', path: '/api/notifications/settings', name: 'SaveNotificationSettings', entry: 'functions/notifications/save-settings.ts', auth: 'jwt', response: settingsResponseSchema },
] as const satisfies readonly RouteDefinition[];

/** The roles with a bell: students (docs/social.md), and admins, who may do what students do. */
export const NOTIFIED_ROLES = ['student', 'admin'] as const;
