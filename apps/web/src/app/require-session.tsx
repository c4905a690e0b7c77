import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageSkeleton } from '../components/page-skeleton';
import { adoptSession } from '../features/auth/adopt-session';
import { refreshSession } from '../lib/api-client';
import { sessionHint } from '../lib/auth-store';
import { errorMessage, type MessageOverrides } from '../lib/status-messages';
import { useAuth } from '../lib/use-auth';

const ForcedPasswordChangePage = lazy(() => import('./pages/forced-password-change-page'));

/** Spec §8 token refresh statuses. */
const refreshErrors: MessageOverrides = { 401: 'auth:refresh.401', 403: 'auth:refresh.403', otherwise: 'auth:refresh.500' };

/**
 * Session startup (spec §4): with no access token in the store, exchange the refresh cookie;
 * failure goes to /auth with the §8 toast for its status. A session signed in with a mailed
 * temporary password sets a new password first, whatever page was asked for.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { accessToken, mustChangePassword } = useAuth();
  const { t } = useTranslation();
  const hinted = sessionHint.present();
  const refresh = useQuery({
    queryKey: ['session-refresh'],
    queryFn: async () => {
      const res = await refreshSession();
      adoptSession(res);
      return res;
    },
    enabled: !accessToken && hinted,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const failed = !accessToken && refresh.isError;
  useEffect(() => {
    if (!failed) return;
    notifications.show({ id: 'session-refresh', color: 'red', message: errorMessage(t, refresh.error, refreshErrors) });
  }, [failed, refresh.error, t]);
  if (accessToken && mustChangePassword) {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <ForcedPasswordChangePage />
      </Suspense>
    );
  }
  if (accessToken) return <>{children}</>;
  if (!hinted) return <Navigate to="/auth" replace />;
  if (failed) return <Navigate to="/auth" replace />;
  return <PageSkeleton />;
}
