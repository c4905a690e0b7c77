import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ChatbotView, chatbotTexts } from '../lib/chatbot-texts';
import { ChatbotImage } from '../../../components/chatbot-image';

/** A new chat, before its first question: the chatbot and what it is good at. */
export function ChatIntro({ chatbot }: { chatbot: ChatbotView }) {
  const { t, i18n } = useTranslation('chat');
  const { name, features } = chatbotTexts(chatbot, t, i18n.language);
  return (
    <Stack align="center" gap="xs" py={{ base: 32, sm: 60 }} data-testid="new-chat-intro">
      <ChatbotImage src={chatbot.profile_image_url} name={name} size={84} />
      <Title order={3}>{name}</Title>
      <Text c="dimmed" ta="center" maw={520}>
        {features}
      </Text>
    </Stack>
  );
}
