import { notificationSchema } from './notification.ts';

/**
 * The bell's live message on the account's `user:<id>` topic: a notification delivered
 * now (not one held for quiet hours, which the bell finds on its next fetch).
 */
export const NOTIFICATION_CREATED = 'notification.created';
export const notificationCreatedSchema = notificationSchema;
