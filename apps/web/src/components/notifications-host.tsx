import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useSyncExternalStore } from 'react';

const NotificationsContainer = lazy(() => import('./notifications-container'));

// Once a toast has been shown the container stays, so later toasts animate in and out as usual.
let needed = false;
const isNeeded = () => (needed ||= notificationsStore.getState().notifications.length > 0);
const subscribe = (fn: () => void) => notificationsStore.subscribe(fn);

/**
 * Toasts: `notifications.show()` only fills Mantine's store; the container that renders them
 * (with its transition and scroll-bar libraries) loads with the first toast, not with the page.
 */
export function NotificationsHost() {
  if (!useSyncExternalStore(subscribe, isNeeded)) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}
