import { lazy, Suspense } from 'react';
import { PageSkeleton } from '../components/page-skeleton';
import { useAuth } from '../lib/use-auth';

// The admin console is its own chunk, opened in a new tab.
const AdminApp = lazy(() => import('./admin/admin-app'));
const DashboardLayout = lazy(() => import('./dashboard-layout'));
const RestrictedAccessPage = lazy(() => import('./pages/restricted-access-page'));

/**
 * /admin/*: the console for admins. A member who opens an admin URL stays on it and sees the
 * restricted-access page in the dashboard's frame (no redirect), with their navigation at hand.
 * A lazy chunk itself, so the chat's initial load carries none of this.
 */
export default function RequireAdmin() {
  const { member } = useAuth();
  if (member?.is_admin) {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <AdminApp />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<PageSkeleton />}>
      <DashboardLayout>
        <Suspense fallback={<PageSkeleton />}>
          <RestrictedAccessPage reason="admin" />
        </Suspense>
      </DashboardLayout>
    </Suspense>
  );
}
