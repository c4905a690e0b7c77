import { ActionIcon, Box, Group, Image, Modal, Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyImage, downloadImage } from '../lib/image-actions';
import type { MessageFile } from '../lib/live-turn';

type Notice = Parameters<typeof notifications.show>[0] & { 'data-testid': string };
const notify = (n: Notice) => notifications.show(n as Parameters<typeof notifications.show>[0]);

/** One generated image: shown large enough to see, opens larger; copy and download below it (spec §8: their failures). */
function AnswerImage({ file, onOpen }: { file: MessageFile; onOpen: () => void }) {
  const { t } = useTranslation('chat');
  const [busy, setBusy] = useState<'copy' | 'download' | null>(null);
  const run = async (what: 'copy' | 'download') => {
    setBusy(what);
    try {
      if (what === 'copy') {
        await copyImage(file.url);
        notify({ color: 'teal', message: t('images.copied'), 'data-testid': 'image-copied' });
      } else await downloadImage(file.url, file.name);
    } catch {
      notify({ color: 'red', message: t(what === 'copy' ? 'images.copyFailed' : 'images.downloadFailed'), 'data-testid': 'image-action-error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap={4} data-testid="answer-image">
      <UnstyledButton onClick={onOpen} aria-label={t('files.openImage', { name: file.name })} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Image src={file.url} alt={t('images.alt')} w={320} maw="100%" radius="md" fit="contain" bg="gray.1" />
      </UnstyledButton>
      <Group gap={4}>
        <Tooltip label={t('images.copy')}>
          <ActionIcon variant="subtle" color="gray" aria-label={t('images.copy')} loading={busy === 'copy'} onClick={() => void run('copy')} data-testid="answer-image-copy">
            <IconCopy size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('images.download')}>
          <ActionIcon variant="subtle" color="gray" aria-label={t('images.download')} loading={busy === 'download'} onClick={() => void run('download')} data-testid="answer-image-download">
            <IconDownload size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
}

/** An image model's answer (issue 27 item 2): its images, files of the session. */
export function AnswerImages({ files }: { files: readonly MessageFile[] }) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState<MessageFile | null>(null);
  const images = files.filter((f) => f.type.startsWith('image/'));
  if (images.length === 0) return null;
  return (
    <Box data-testid="answer-images">
      <Group gap="sm" align="flex-start">
        {images.map((f) => (
          <AnswerImage key={f.id} file={f} onOpen={() => setOpen(f)} />
        ))}
      </Group>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={t('images.title')} size="auto" centered>
        {open ? <Image src={open.url} alt={t('images.alt')} mah="80vh" maw="90vw" fit="contain" data-testid="answer-image-large" /> : null}
      </Modal>
    </Box>
  );
}
