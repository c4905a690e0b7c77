import { ActionIcon, Box, NavLink, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/status-messages';
import { useAuth } from '../../../lib/use-auth';
import { useRecentChatbots, useRemoveRecentChatbot } from '../api/relations';
import { localized } from '../lib/store-query';
import { ChatbotImage } from '../../../components/chatbot-image';

/** The navigation's recently used chatbots (spec §9: up to 3 non-default ones); each has a hover-only remove button. Nothing while there are none. */
export function RecentChatbots({ openChatbotId }: { openChatbotId: number | undefined }) {
  const { t, i18n } = useTranslation('store');
  const { member } = useAuth();
  const recent = useRecentChatbots(member?.id);
  const remove = useRemoveRecentChatbot(member?.id);
  const items = recent.data?.items ?? [];
  if (items.length === 0) return null;

  return (
    <Stack gap={2} data-testid="recent-chatbots" component="section" aria-labelledby="recent-chatbots-title">
      <Text id="recent-chatbots-title" size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" py={4}>
        {t('recent.title')}
      </Text>
      {items.map((bot) => {
        const { name } = localized(bot, i18n.language);
        return (
          <Box key={bot.id} className="session-row" pos="relative" data-testid={`recent-chatbot-${bot.id}`}>
            <NavLink
              component={Link}
              to={`/dashboard/chat/${bot.id}`}
              active={bot.id === openChatbotId}
              leftSection={<ChatbotImage src={bot.profile_image_url} name={name} size={22} />}
              label={
                <Text size="sm" truncate pr={28}>
                  {name}
                </Text>
              }
              py={5}
            />
            <ActionIcon
              className="session-actions"
              pos="absolute"
              right={4}
              top={6}
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={t('recent.remove', { name })}
              title={t('recent.remove', { name })}
              data-testid={`recent-chatbot-remove-${bot.id}`}
              onClick={() => remove.mutate(bot.id, { onError: (err) => notifications.show({ color: 'red', title: t('recent.removeFailed'), message: errorMessage(t, err) }) })}
            >
              <IconX size={14} />
            </ActionIcon>
          </Box>
        );
      })}
    </Stack>
  );
}
