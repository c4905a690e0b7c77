import { Box, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DashboardCards } from './dashboard-cards';
import { ToolCallsSection } from './tool-calls-section';
import { UsageSection } from './usage-section';

/** The admin console's home (spec §2 Dashboard cards, §7 Admin dashboards): cards, then usage over a month range, then the built-in tools' calls. */
export function DashboardPage() {
  const { t } = useTranslation('admin-dashboard');
  return (
    <Box maw={1200} p="xl" data-testid="admin-dashboard">
      <Stack gap="xl">
        <div>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed">{t('description')}</Text>
        </div>
        <DashboardCards />
        <UsageSection />
        <ToolCallsSection />
      </Stack>
    </Box>
  );
}
