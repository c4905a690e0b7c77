import { Badge, Box, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAdjustments, IconChartBar, IconInbox, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminCredits } from '../api/admin-credits';
import { useAdminBillingRequests } from '../api/billing-requests';
import { BillingRequestsTab } from './billing-requests-tab';
import { GroupQuotas } from './group-quotas';
import { MemberLimits } from './member-limits';
import { PurchasesTab } from './purchases-tab';
import { UsageTab } from './usage-tab';

const thisMonth = () => {
  const d = new Date();
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** Console "Credits" (spec §2): monthly limit allocation per group and member, monthly usage, purchase history, members' purchase requests (decision 048). */
export function CreditsPage() {
  const { t } = useTranslation('admin-credits');
  const [tab, setTab] = useState<string | null>('allocation');
  const [month, setMonth] = useState(thisMonth);
  const [page, setPage] = useState(1);
  const credits = useAdminCredits(month, page);
  const open = useAdminBillingRequests('requested', 1).data?.pagination.total_items ?? 0;
  return (
    <Box maw={1200} data-testid="admin-credits">
      <Box px="xl" pt="xl">
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('description')}</Text>
      </Box>
      <Tabs value={tab} onChange={setTab} keepMounted={false} mt="md">
        <Tabs.List px="xl">
          <Tabs.Tab value="allocation" leftSection={<IconAdjustments size={16} />} data-testid="credits-tab-allocation">
            {t('tabs.allocation')}
          </Tabs.Tab>
          <Tabs.Tab value="usage" leftSection={<IconChartBar size={16} />} data-testid="credits-tab-usage">
            {t('tabs.usage')}
          </Tabs.Tab>
          <Tabs.Tab value="purchases" leftSection={<IconReceipt size={16} />} data-testid="credits-tab-purchases">
            {t('tabs.purchases')}
          </Tabs.Tab>
          <Tabs.Tab
            value="requests"
            leftSection={<IconInbox size={16} />}
            rightSection={open > 0 ? <Badge size="sm" circle={open < 10} aria-label={t('requests.openCount', { count: open })}>{open}</Badge> : null}
            data-testid="credits-tab-requests"
          >
            {t('tabs.requests')}
          </Tabs.Tab>
        </Tabs.List>
        <Box p="xl">
          <Tabs.Panel value="allocation">
            <Stack gap="xl">
              <GroupQuotas />
              <MemberLimits />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="usage">
            <UsageTab month={month} onMonth={setMonth} data={credits.data} isError={credits.isError} error={credits.error} />
          </Tabs.Panel>
          <Tabs.Panel value="purchases">
            <PurchasesTab data={credits.data} page={page} onPage={setPage} />
          </Tabs.Panel>
          <Tabs.Panel value="requests">
            <BillingRequestsTab />
          </Tabs.Panel>
        </Box>
      </Tabs>
    </Box>
  );
}
