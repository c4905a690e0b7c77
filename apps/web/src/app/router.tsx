import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { PageSkeleton } from '../components/page-skeleton';
import { RequireSession } from './require-session';

const AuthPage = lazy(() => import('./pages/auth-page'));
const DashboardLayout = lazy(() => import('./dashboard-layout'));
const ChatPage = lazy(() => import('./pages/chat-page'));
const SettingsPage = lazy(() => import('./pages/settings-page'));
const StudioPage = lazy(() => import('./pages/studio-page'));
const StorePage = lazy(() => import('./pages/store-page'));
const DevelopersPage = lazy(() => import('./pages/developers-page'));
// Public pages: no sign-in (spec §6).
const PublicChatbotPage = lazy(() => import('./pages/public-chatbot-page'));
const SharedSessionPage = lazy(() => import('./pages/shared-session-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));
// The admin console (or, for members, the restricted-access page).
const RequireAdmin = lazy(() => import('./require-admin'));

const s = (el: React.ReactNode) => <Suspense fallback={<PageSkeleton />}>{el}</Suspense>;

const router = createBrowserRouter([
  { path: '/', element: <Navigate to="/dashboard/chat" replace /> },
  { path: '/auth', element: s(<AuthPage />) },
  {
    path: '/dashboard',
    element: <RequireSession>{s(<DashboardLayout />)}</RequireSession>,
    children: [
      { index: true, element: <Navigate to="/dashboard/chat" replace /> },
      { path: 'chat', element: s(<ChatPage />) },
      { path: 'chat/:chatbotId', element: s(<ChatPage />) },
      { path: 'chat/:chatbotId/:sessionHashId', element: s(<ChatPage />) },
      { path: 'studio', element: s(<StudioPage />) },
      { path: 'studio/:chatbotId', element: s(<StudioPage />) },
      { path: 'store', element: s(<StorePage />) },
      { path: 'developers', element: s(<DevelopersPage />) },
      { path: 'settings', element: s(<SettingsPage />) },
    ],
  },
  { path: '/public/chatbots/:hash', element: s(<PublicChatbotPage />) },
  { path: '/share/:hash', element: s(<SharedSessionPage />) },
  { path: '/admin/*', element: <RequireSession>{s(<RequireAdmin />)}</RequireSession> },
  { path: '*', element: s(<NotFoundPage />) },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
