import { Anchor, Group, Image, Modal, Text, UnstyledButton } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageFile } from '../lib/live-turn';

/**
 * A question's files (spec §3 history message files), or the files a tool made: images as
 * thumbnails that open larger, others as links. A question's sit on the right, a tool's on the left.
 */
export function MessageFiles({ files, justify = 'flex-end' }: { files: readonly MessageFile[]; justify?: 'flex-start' | 'flex-end' }) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState<MessageFile | null>(null);
  if (files.length === 0) return null;
  return (
    <Group gap={6} justify={justify} wrap="wrap" data-testid="message-files">
      {files.map((f) =>
        f.type.startsWith('image/') ? (
          <UnstyledButton key={f.id} onClick={() => setOpen(f)} aria-label={t('files.openImage', { name: f.name })} data-testid="message-image">
            <Image src={f.url} alt={f.name} w={96} h={96} fit="cover" radius="md" />
          </UnstyledButton>
        ) : (
          <Anchor key={f.id} href={f.url} target="_blank" rel="noopener noreferrer" size="sm" data-testid="message-file">
            <Group gap={4} wrap="nowrap">
              <IconPaperclip size={14} aria-hidden />
              <Text size="sm" truncate maw={220}>
                {f.name}
              </Text>
            </Group>
          </Anchor>
        ),
      )}
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.name} size="auto" centered>
        {open ? <Image src={open.url} alt={open.name} mah="75vh" fit="contain" /> : null}
      </Modal>
    </Group>
  );
}
