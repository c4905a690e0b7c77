import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCategory, IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { CategoriesPanel } from './categories-panel';
import { RequestsPanel } from './requests-panel';

const TABS = [
  { value: 'requests', path: '', icon: IconInbox },
  { value: 'categories', path: 'categories', icon: IconCategory },
] as const;

/** Console "Chatbots" (spec §2): publish requests to approve or reject, and the store's categories; the tab is in the URL. */
export function ChatbotsPage() {
  const { t } = useTranslation('chatbot-publishing');
  const navigate = useNavigate();
  const rest = (useParams()['*'] ?? '').replace(/\/$/, '');
  const tab = TABS.find((x) => x.path === rest);
  if (!tab) return <Navigate to="/admin/chatbots" replace />;

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} maw={1400}>
      <div>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('description')}</Text>
      </div>
      <Tabs value={tab.value} onChange={(v) => navigate(`/admin/chatbots${v === 'requests' ? '' : `/${v}`}`)} keepMounted={false}>
        <Tabs.List>
          {TABS.map((x) => (
            <Tabs.Tab key={x.value} value={x.value} leftSection={<x.icon size={16} />} data-testid={`chatbots-tab-${x.value}`}>
              {t(`tabs.${x.value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="requests" pt="md">
          <RequestsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="categories" pt="md">
          <CategoriesPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
