import { Box, Divider, NavLink, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconCoins, IconHistory, IconKey, IconLayoutDashboard, IconMessageCog, IconRobot, IconShieldLock, IconSpeakerphone, IconUserCog, IconUsers, IconUsersGroup, IconWand, IconWorldSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { ResponsiveShell } from '../../components/responsive-shell';
import { TenantLogo } from '../../components/tenant-logo';
import { CreditsPage } from '../../features/admin-credits/components/credits-page';
import { DashboardPage } from '../../features/admin-dashboard/components/dashboard-page';
import { AnnouncementsPage } from '../../features/announcements/components/announcements-page';
import { AuditLogPage } from '../../features/audit-log/components/audit-log-page';
import { ChatSettingsPage } from '../../features/chat-settings/components/chat-settings-page';
import { ChatbotsPage } from '../../features/chatbot-publishing/components/chatbots-page';
import { WhatsNewModal } from '../../features/release-notes/components/whats-new-modal';
import { RestrictedWordsPage } from '../../features/restricted-words/components/restricted-words-page';
import { useTenant } from '../../entities/tenant';
import { MemberLanguageSwitch } from '../member-language-switch';
import { GroupsPage } from '../../features/member-groups/components/groups-page';
import { TaskModesPage } from '../../features/task-modes/components/task-modes-page';
import { WebSearchSettingsPage } from '../../features/web-search-settings/components/web-search-settings-page';
import { SsoPlatformsPage } from '../../features/sso/components/sso-platforms-page';
import { SignUpSettingsArea } from './account-areas';
import { MembersArea } from './members-area';

/** Admin areas built so far; each later admin feature adds its entry here. */
const AREAS = [
  { path: '/admin', key: 'dashboard', icon: IconLayoutDashboard },
  { path: '/admin/members', key: 'members', icon: IconUsers },
  { path: '/admin/member-groups', key: 'memberGroups', icon: IconUsersGroup },
  { path: '/admin/credits', key: 'credits', icon: IconCoins },
  { path: '/admin/sign-up-settings', key: 'signUpSettings', icon: IconUserCog },
  { path: '/admin/sso', key: 'sso', icon: IconKey },
  { path: '/admin/chatbots', key: 'chatbots', icon: IconRobot },
  { path: '/admin/announcements', key: 'announcements', icon: IconSpeakerphone },
  { path: '/admin/task-modes', key: 'taskModes', icon: IconWand },
  { path: '/admin/chat-settings', key: 'chatSettings', icon: IconMessageCog },
  { path: '/admin/web-search', key: 'webSearch', icon: IconWorldSearch },
  { path: '/admin/restricted-words', key: 'restrictedWords', icon: IconShieldLock },
  { path: '/admin/audit-log', key: 'auditLog', icon: IconHistory },
] as const;

/** The admin console: a lazy chunk with its own layout, opened in a new tab from the dashboard; RequireAdmin lets only admins in. */
export default function AdminApp() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const tenant = useTenant();
  return (
    <ResponsiveShell
      navWidth={240}
      navId="admin-nav-drawer"
      brand={<TenantLogo tenant={tenant.data} loading={tenant.isLoading} height={28} withName />}
      nav={
        // The list is taller than a short window (1280×600): the navigation scrolls inside itself, so the last
        // areas, the language switch and the way back stay reachable with the wheel, touch or keyboard.
        <Box h="100%" style={{ overflowY: 'auto', overscrollBehavior: 'contain' }} data-testid="admin-nav-scroll">
          <Stack mih="100%" gap="xs" p="sm" data-testid="admin-nav">
            <Box py={4} visibleFrom="sm">
              <TenantLogo tenant={tenant.data} loading={tenant.isLoading} height={32} withName />
              <Text size="xs" c="dimmed" mt={4}>
                {t('console')}
              </Text>
            </Box>
            <Divider visibleFrom="sm" />
            {AREAS.map((a) => (
              <NavLink key={a.path} component={Link} to={a.path} label={t(`areas.${a.key}`)} leftSection={<a.icon size={16} />} active={a.path === '/admin' ? pathname.replace(/\/$/, '') === '/admin' : pathname.startsWith(a.path)} />
            ))}
            <Box flex={1} />
            <MemberLanguageSwitch />
            <NavLink component="a" href="/dashboard/chat" label={t('backToDashboard')} leftSection={<IconArrowLeft size={16} />} data-testid="back-to-dashboard" />
          </Stack>
        </Box>
      }
    >
      <WhatsNewModal />
      <Routes>
        <Route index element={<DashboardPage />} />
        <Route path="credits" element={<CreditsPage />} />
        <Route path="members/*" element={<MembersArea />} />
        <Route path="member-groups/*" element={<GroupsPage />} />
        <Route path="pending-requests" element={<Navigate to="/admin/members/pending" replace />} />
        <Route path="invitations" element={<Navigate to="/admin/members/invited" replace />} />
        <Route path="sign-up-settings" element={<SignUpSettingsArea />} />
        <Route path="sso" element={<SsoPlatformsPage />} />
        <Route path="chatbots/*" element={<ChatbotsPage />} />
        <Route path="announcements" element={<AnnouncementsPage />} />
        <Route path="task-modes" element={<TaskModesPage />} />
        <Route path="chat-settings" element={<ChatSettingsPage />} />
        <Route path="web-search" element={<WebSearchSettingsPage />} />
        <Route path="restricted-words" element={<RestrictedWordsPage />} />
        <Route path="audit-log" element={<AuditLogPage />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </ResponsiveShell>
  );
}
