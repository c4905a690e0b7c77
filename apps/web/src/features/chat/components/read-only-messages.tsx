import type { HistoryMessage } from '@app/contracts/sessions';
import { Button, Center, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { chatMessages } from '../lib/live-turn';
import { MessageBubble } from './message-bubble';

const NO_MODEL_NAMES: ReadonlyMap<number, string> = new Map();

export interface ReadOnlyMessagesProps {
  /** Oldest first. */
  rows: readonly HistoryMessage[];
  /** Older messages exist before rows[0]. */
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/**
 * A conversation to read, not to continue (a shared session): the chat's bubbles and markdown,
 * without models, credits or input; older pages come with a button.
 */
export function ReadOnlyMessages({ rows, hasOlder, loadingOlder, onLoadOlder }: ReadOnlyMessagesProps) {
  const { t } = useTranslation('chat');
  const messages = useMemo(() => chatMessages(rows, []), [rows]);
  return (
    <Stack gap="lg" data-testid="read-only-messages">
      {hasOlder ? (
        <Center>
          <Button variant="subtle" size="xs" loading={loadingOlder} onClick={onLoadOlder} data-testid="load-older">
            {t('loadOlder')}
          </Button>
        </Center>
      ) : null}
      {messages.map((m) => (
        <MessageBubble key={m.key} m={m} modelNames={NO_MODEL_NAMES} showCredits={false} />
      ))}
    </Stack>
  );
}
