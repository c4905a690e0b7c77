import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconChartBar, IconLock, IconTool, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { GroupUsage } from './group-usage';
import { GroupsTable } from './groups-table';
import { ModelPermissions } from './model-permissions';
import { ToolPermissions } from './tool-permissions';

const TABS = [
  { value: 'groups', path: '', icon: IconUsersGroup },
  { value: 'models', path: 'models', icon: IconLock },
  { value: 'tools', path: 'tools', icon: IconTool },
  { value: 'usage', path: 'usage', icon: IconChartBar },
] as const;

/** Console "Groups": the groups, which models and tools each may use, and this month's credits per group; the tab is in the URL. */
export function GroupsPage() {
  const { t } = useTranslation('member-groups');
  const navigate = useNavigate();
  const rest = (useParams()['*'] ?? '').replace(/\/$/, '');
  const tab = TABS.find((x) => x.path === rest);
  if (!tab) return <Navigate to="/admin/member-groups" replace />;

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} maw={1400}>
      <div>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('description')}</Text>
      </div>
      <Tabs value={tab.value} onChange={(v) => navigate(`/admin/member-groups${v === 'groups' ? '' : `/${v}`}`)} keepMounted={false}>
        <Tabs.List>
          {TABS.map((x) => (
            <Tabs.Tab key={x.value} value={x.value} leftSection={<x.icon size={16} />} data-testid={`groups-tab-${x.value}`}>
              {t(`tabs.${x.value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="groups" pt="md">
          <GroupsTable />
        </Tabs.Panel>
        <Tabs.Panel value="models" pt="md">
          <ModelPermissions />
        </Tabs.Panel>
        <Tabs.Panel value="tools" pt="md">
          <ToolPermissions />
        </Tabs.Panel>
        <Tabs.Panel value="usage" pt="md">
          <GroupUsage />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
