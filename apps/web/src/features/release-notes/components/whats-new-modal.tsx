import { Badge, Button, Group, Modal, ScrollArea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/markdown/markdown';
import { useReleaseNotes } from '../api/get-release-notes';
import { useMarkReleaseNotesSeen } from '../api/mark-release-notes-seen';

/**
 * "What's new" for admins (spec §2): the running release's notes, once per release per admin.
 * Closing it (the button, the ×, Escape or a click outside) marks the release seen on the server.
 */
export function WhatsNewModal() {
  const { t, i18n } = useTranslation('release-notes');
  const notes = useReleaseNotes();
  const seen = useMarkReleaseNotesSeen();
  const data = notes.data;
  if (!data?.notes || data.seen) return null;
  const text = i18n.language === 'ko' ? data.notes.ko : data.notes.en;
  const close = () => seen.mutate();
  return (
    <Modal
      opened
      onClose={close}
      centered
      size="lg"
      title={
        <Group gap="xs">
          {t('title')}
          <Badge variant="light">{t('version', { version: data.version })}</Badge>
        </Group>
      }
      closeButtonProps={{ 'aria-label': t('close') }}
      scrollAreaComponent={ScrollArea.Autosize}
      data-testid="whats-new"
    >
      <Markdown text={text} />
      <Group justify="flex-end" mt="md">
        <Button onClick={close} data-testid="whats-new-close">
          {t('gotIt')}
        </Button>
      </Group>
    </Modal>
  );
}
