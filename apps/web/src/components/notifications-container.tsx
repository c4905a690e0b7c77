import { Notifications } from '@mantine/notifications';

/** Mantine's toast container, loaded by NotificationsHost with the first toast. */
export default function NotificationsContainer() {
  return <Notifications position="top-right" />;
}
