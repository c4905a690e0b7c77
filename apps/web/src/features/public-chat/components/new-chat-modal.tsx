import { Button, Group, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { dialogs } from '../../../components/dialogs';

type Way = 'dashboard' | 'public' | 'sign-in';

function NewChatBody({ name, way, onStart, close }: { name: string; way: Way; onStart: () => void; close: () => void }) {
  const { t } = useTranslation('public');
  return (
    <Stack data-testid="new-chat-modal">
      <Text>{t('newChat.body', { name })}</Text>
      <Text size="sm" c="dimmed">
        {t(`newChat.way.${way}`)}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          {t('cancel')}
        </Button>
        <Button
          data-autofocus
          data-testid="new-chat-start"
          onClick={() => {
            close();
            onStart();
          }}
        >
          {t(way === 'sign-in' ? 'newChat.signIn' : 'newChat.start')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Start your own chat with {chatbot}" (spec §2's new-chat modal on a shared session). `target` is
 * where it leads (lib/new-chat-target.ts); `onStart` goes there.
 */
export function openNewChat(t: TFunction, o: { name: string; target: string; onStart: () => void }) {
  const way: Way = o.target.startsWith('/dashboard/') ? 'dashboard' : o.target.startsWith('/public/') ? 'public' : 'sign-in';
  dialogs.open({ title: t('public:newChat.title', { name: o.name }), render: (close) => <NewChatBody name={o.name} way={way} onStart={o.onStart} close={close} /> });
}
