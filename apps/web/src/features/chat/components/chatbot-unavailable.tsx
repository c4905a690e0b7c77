import { Alert, Center } from '@mantine/core';
import { IconMessageCircleOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** In place of the chat when its chatbot cannot be loaded: `gone` when it does not exist for the member (404). */
export function ChatbotUnavailable({ gone }: { gone: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <Center h="100%" p="lg">
      <Alert color="gray" icon={<IconMessageCircleOff />} title={t(gone ? 'unavailable.title' : 'errors.500')} data-testid="chatbot-unavailable" maw={480}>
        {gone ? t('unavailable.body') : null}
      </Alert>
    </Center>
  );
}
