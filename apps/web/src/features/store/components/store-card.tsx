import type { Chatbot } from '@app/contracts/chatbots';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconMessage, IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localized } from '../lib/store-query';
import { ChatbotImage } from '../../../components/chatbot-image';
import classes from './store.module.css';

/** One store card: opening it starts a new chat with the chatbot. */
export function StoreCard({ bot }: { bot: Chatbot }) {
  const { t, i18n } = useTranslation('store');
  const { name, features } = localized(bot, i18n.language);
  const n = (v: number) => v.toLocaleString(i18n.language);
  // The offline demo model's stored name is English; members read it from the catalogue.
  const model = bot.llm_model.provider === 'offline' ? t('chat:offlineDemo.name') : bot.llm_model.display_name;
  return (
    <Card
      component={Link}
      to={`/dashboard/chat/${bot.id}`}
      withBorder
      radius="md"
      padding="md"
      h="100%"
      className={classes.card}
      data-testid={`store-card-${bot.id}`}
    >
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ChatbotImage src={bot.profile_image_url} name={name} size={56} radius="md" lazy />
          <Stack gap={4} miw={0}>
            <Text fw={600} lineClamp={2} data-testid="store-card-name">
              {name}
            </Text>
            <Badge variant="light" color="gray" tt="none" maw="100%" data-testid="store-card-model">
              {model}
            </Badge>
          </Stack>
        </Group>
        <Text size="sm" c={features ? undefined : 'dimmed'} lineClamp={3} style={{ flex: 1 }}>
          {features || t('card.noFeatures')}
        </Text>
        <Group gap="md" c="dimmed">
          <Group gap={4} wrap="nowrap" title={t('card.monthMessages')}>
            <IconMessage size={14} aria-hidden />
            <Text size="xs" data-testid="store-card-month">
              {t('card.monthCount', { count: bot.month_message_count, value: n(bot.month_message_count) })}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap" title={t('card.totalMessages')}>
            <IconMessages size={14} aria-hidden />
            <Text size="xs">{t('card.totalCount', { count: bot.message_count, value: n(bot.message_count) })}</Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
