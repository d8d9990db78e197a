import { NotificationSettingsPage } from '@/features/notifications/components/notification-settings-page.tsx';

/** `/notifications` (students): the Notification Settings screen. */
export function NotificationsRoute() {
  return <NotificationSettingsPage />;
}
