import { Box, Group, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChatbotView, chatbotTexts, modelName as defaultModelName } from '../lib/chatbot-texts';
import { ChatbotImage } from '../../../components/chatbot-image';

/** The chatbot (or the session's title) and its model; `actions` on the right. */
export function ChatHeader({ chatbot, heading, modelName, actions }: { chatbot: ChatbotView | undefined; heading: string | null; modelName: string | undefined; actions: ReactNode }) {
  const { t, i18n } = useTranslation('chat');
  const name = chatbot ? chatbotTexts(chatbot, t, i18n.language).name : '';
  return (
    <Group justify="space-between" px={{ base: 'sm', sm: 'lg' }} py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} wrap="nowrap">
      {chatbot ? (
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ChatbotImage src={chatbot.profile_image_url} name={name} size={38} />
          <Box miw={0}>
            <Text component="h1" fw={600} truncate data-testid="chat-title">
              {heading ?? name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {/* Under a session's title, the chatbot and model; under the chatbot's own name, the model only. */}
              {[heading === null ? null : name, modelName ?? defaultModelName(chatbot.llm_model, t)].filter((x, i, all) => x !== null && all.indexOf(x) === i).join(' · ')}
            </Text>
          </Box>
        </Group>
      ) : (
        <Skeleton height={36} width={240} />
      )}
      {actions}
    </Group>
  );
}
