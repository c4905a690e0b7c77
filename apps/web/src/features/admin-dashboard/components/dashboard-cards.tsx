import type { DashboardCards as Cards } from '@app/contracts/dashboards';
import { Alert, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoins, IconMessages, IconRobot, IconSum, IconUserBolt, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/status-messages';
import { useDashboardCards } from '../api/get-dashboard';
import { monthLabel } from '../lib/months';

function Card({ icon, label, testId, children }: { icon: ReactNode; label: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={36} radius="md">
          {icon}
        </ThemeIcon>
        <Stack gap={2} miw={0} flex={1}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          {children}
        </Stack>
      </Group>
    </Paper>
  );
}

const Big = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <Text fz={26} fw={700} lh={1.2} data-testid={testId}>
    {children}
  </Text>
);

/** Spec §2 Dashboard cards: members against the maximum, this month's chat users and messages, public versus private chatbots, totals. */
export function DashboardCards() {
  const { t, i18n } = useTranslation('admin-dashboard');
  const cards = useDashboardCards();
  const num = (n: number) => n.toLocaleString(i18n.language);

  if (cards.isError) {
    return (
      <Alert color="red" data-testid="cards-error">
        {errorMessage(t, cards.error, { 403: 'admin-dashboard:errors.cards403', otherwise: 'admin-dashboard:errors.cards' })}
      </Alert>
    );
  }
  if (!cards.data) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} data-testid="cards-loading">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={96} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const c: Cards = cards.data;
  const pct = c.members.max ? Math.min(100, (c.members.active / c.members.max) * 100) : null;
  const month = monthLabel(c.month, i18n.language, 'long');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} data-testid="dashboard-cards">
      <Card icon={<IconUsers size={20} />} label={t('cards.members')} testId="card-members">
        <Big testId="card-members-value">{c.members.max === null ? num(c.members.active) : t('cards.ofMax', { value: num(c.members.active), max: num(c.members.max) })}</Big>
        {pct === null ? (
          <Text size="xs" c="dimmed">
            {t('cards.noMax')}
          </Text>
        ) : (
          <Progress value={pct} color={pct >= 90 ? 'red' : pct >= 70 ? 'yellow' : 'indigo'} size="sm" aria-label={t('cards.members')} />
        )}
      </Card>
      <Card icon={<IconUserBolt size={20} />} label={t('cards.chatUsers')} testId="card-chat-users">
        <Big testId="card-chat-users-value">{num(c.monthly_chat_users)}</Big>
        <Text size="xs" c="dimmed">
          {month}
        </Text>
      </Card>
      <Card icon={<IconMessages size={20} />} label={t('cards.messages')} testId="card-messages">
        <Big testId="card-messages-value">{num(c.monthly_messages)}</Big>
        <Text size="xs" c="dimmed">
          {t('cards.creditsThisMonth', { value: num(c.monthly_credits) })}
        </Text>
      </Card>
      <Card icon={<IconRobot size={20} />} label={t('cards.chatbots')} testId="card-chatbots">
        <Group gap="lg" wrap="nowrap">
          <Stack gap={0}>
            <Big testId="card-chatbots-public">{num(c.chatbots.public)}</Big>
            <Text size="xs" c="dimmed">
              {t('cards.public')}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Big testId="card-chatbots-private">{num(c.chatbots.private)}</Big>
            <Text size="xs" c="dimmed">
              {t('cards.private')}
            </Text>
          </Stack>
        </Group>
      </Card>
      <Card icon={<IconSum size={20} />} label={t('cards.totalMessages')} testId="card-total-messages">
        <Big testId="card-total-messages-value">{num(c.totals.messages)}</Big>
        <Text size="xs" c="dimmed">
          {t('cards.totalTokens', { value: num(c.totals.tokens) })}
        </Text>
      </Card>
      <Card icon={<IconCoins size={20} />} label={t('cards.totalCredits')} testId="card-total-credits">
        <Big testId="card-total-credits-value">{num(c.totals.credits)}</Big>
        <Text size="xs" c="dimmed">
          {t('cards.allTime')}
        </Text>
      </Card>
    </SimpleGrid>
  );
}
