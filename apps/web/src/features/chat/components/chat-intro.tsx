import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ChatbotView, chatbotTexts } from '../lib/chatbot-texts';
import { ChatbotImage } from '../../../components/chatbot-image';
import { useAuth } from '../../../lib/use-auth';

/** A new chat, before its first question: the chatbot and what it is good at. */
export function ChatIntro({ chatbot }: { chatbot: ChatbotView }) {
  const { t, i18n } = useTranslation('chat');
  const { name, features } = chatbotTexts(chatbot, t, i18n.language);
  // The offline demo: an administrator is told how to give the chat a real model (members are not).
  const { member } = useAuth();
  const adminHint = member?.is_admin && chatbot.is_default && chatbot.llm_model.provider === 'offline';
  return (
    <Stack align="center" gap="xs" py={{ base: 32, sm: 60 }} data-testid="new-chat-intro">
      <ChatbotImage src={chatbot.profile_image_url} name={name} size={84} />
      <Title order={3}>{name}</Title>
      <Text c="dimmed" ta="center" maw={520}>
        {features}
      </Text>
      {adminHint ? (
        <Text size="sm" c="dimmed" ta="center" maw={520} data-testid="offline-admin-hint">
          {t('offlineDemo.adminHint')}
        </Text>
      ) : null}
    </Stack>
  );
}
