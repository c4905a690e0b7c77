import { ActionIcon, Group, Image, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconFile, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Attachments } from '../hooks/use-attachments';

/** The next message's files over the input: each with its progress (upload, then reading), and the count against the limit. */
export function AttachmentBar({ attachments }: { attachments: Attachments }) {
  const { t } = useTranslation('chat');
  if (attachments.items.length === 0) return null;
  return (
    <Stack gap={4} px="xs" pb={4} data-testid="attachment-bar">
      <Text size="xs" c="dimmed" data-testid="attachment-count">
        {t('files.count', { current: attachments.counted, max: attachments.max })}
      </Text>
      <Group gap={6} wrap="wrap">
        {attachments.items.map((a) => (
          <Paper key={a.key} withBorder radius="md" p={6} w={a.phase === 'failed' ? 280 : 180} maw="100%" data-testid="attachment" data-phase={a.phase}>
            <Group gap={6} wrap="nowrap" align={a.phase === 'failed' ? 'flex-start' : 'center'}>
              {a.preview ? <Image src={a.preview} alt="" w={32} h={32} radius="sm" fit="cover" /> : a.phase === 'failed' ? <IconAlertCircle size={20} color="var(--mantine-color-red-6)" aria-hidden /> : <IconFile size={20} aria-hidden />}
              <Stack gap={2} miw={0} flex={1}>
                <Text size="xs" truncate title={a.name}>
                  {a.name}
                </Text>
                {a.phase === 'uploading' || a.phase === 'parsing' ? (
                  <Progress value={a.progress} size="xs" animated={a.phase === 'parsing'} aria-label={t(`files.${a.phase}`, { name: a.name, percent: a.progress })} data-testid="attachment-progress" />
                ) : a.phase === 'failed' ? (
                  // A refusal is read whole on the chip: it wraps instead of being cut off.
                  <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }} data-testid="attachment-error">
                    {a.refused ? t(`files.${a.refused}`) : (a.error ?? t('files.failed'))}
                  </Text>
                ) : (
                  <Tooltip label={a.error ?? ''} disabled={!a.error} multiline w={240}>
                    <Text size="xs" c={a.error ? 'orange' : 'dimmed'} truncate>
                      {a.error ? t('files.partly') : t('files.ready')}
                    </Text>
                  </Tooltip>
                )}
              </Stack>
              <ActionIcon size="sm" variant="subtle" color="gray" onClick={() => attachments.remove(a.key)} aria-label={t('files.remove', { name: a.name })} data-testid="attachment-remove">
                <IconX size={14} />
              </ActionIcon>
            </Group>
          </Paper>
        ))}
      </Group>
    </Stack>
  );
}
