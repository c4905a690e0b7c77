import { Box, Tabs, Text, Title } from '@mantine/core';
import { IconListCheck, IconMailForward, IconUserCheck, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ExportModal } from '../../features/admin-members/components/export-modal';
import { MembersPage } from '../../features/admin-members/components/members-page';
import { useMemberGroups } from '../../entities/member-groups';
import { WhitelistPage } from '../../features/sso/components/whitelist-page';
import { InvitationsArea, PendingRequestsArea } from './account-areas';

/** The tabs and the path under /admin/members each one lives at. */
const TABS = [
  { value: 'all', path: '', icon: IconUsers },
  { value: 'pending', path: '/pending', icon: IconUserCheck },
  { value: 'invited', path: '/invited', icon: IconMailForward },
  { value: 'whitelist', path: '/sso-whitelist', icon: IconListCheck },
] as const;
type Tab = (typeof TABS)[number]['value'];

const BASE = '/admin/members';

/**
 * Console "Members" (spec §2): all members, pending requests (registrations and group changes) and
 * invited members and the SSO whitelist, as tabs the URL drives — each tab has its own address, so a reload, the back
 * button and the old /admin/pending-requests and /admin/invitations links land on the right one.
 */
export function MembersArea() {
  const { t } = useTranslation('admin-members');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const defaults = useMemberGroups(true);
  const extras = useMemberGroups(false);
  const groups = [...(defaults.data?.items ?? []), ...(extras.data?.items ?? [])];

  const rest = pathname.slice(BASE.length).replace(/\/$/, '');
  const tab = TABS.find((x) => x.path === rest);
  if (!tab) return <Navigate to={BASE} replace />;

  const panel = (value: Tab) => {
    if (value !== tab.value) return null;
    if (value === 'pending') return <PendingRequestsArea />;
    if (value === 'invited') return <InvitationsArea />;
    if (value === 'whitelist')
      return (
        <WhitelistPage
          renderExport={(exp) => <ExportModal task={exp.task} phase={exp.phase} problem={exp.problem} error={exp.error} onDownloadAgain={exp.downloadAgain} onRetry={() => exp.begin(undefined)} onClose={exp.close} />}
        />
      );
    return <MembersPage groups={groups} />;
  };

  return (
    <Box maw={1200}>
      <Box px="xl" pt="xl">
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('description')}</Text>
      </Box>
      <Tabs
        value={tab.value}
        onChange={(v) => {
          const next = TABS.find((x) => x.value === v);
          if (next) void navigate(BASE + next.path);
        }}
        keepMounted={false}
        mt="md"
      >
        <Tabs.List px="xl" data-testid="members-tabs">
          {TABS.map((x) => (
            <Tabs.Tab key={x.value} value={x.value} leftSection={<x.icon size={16} />} data-testid={`members-tab-${x.value}`}>
              {t(`tabs.${x.value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((x) => (
          <Tabs.Panel key={x.value} value={x.value}>
            {panel(x.value)}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Box>
  );
}
