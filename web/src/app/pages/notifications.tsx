import { NotificationList } from '@/features/notifications/notification-list';

/** Notifications; the route is for signed-in users only. */
function NotificationsPage() {
  return <NotificationList />;
}

export { NotificationsPage as Component };
