import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSessionCommands } from '../hooks/use-session-commands';

/** Rename and delete buttons for the open session (the chat header). */
export function SessionActions({ hash, title, onDeleted }: { hash: string; title: string | null; onDeleted: () => void }) {
  const { t } = useTranslation('sessions');
  const commands = useSessionCommands();
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" color="gray" aria-label={t('actions.rename')} title={t('actions.rename')} data-testid="chat-rename" onClick={() => commands.rename(hash, title)}>
        <IconPencil size={18} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={t('actions.delete')} title={t('actions.delete')} data-testid="chat-delete" onClick={() => commands.remove(hash, title, { onDeleted })}>
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}
