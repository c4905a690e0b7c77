import { type Chatbot, CHATBOT_LIMITS, DOCUMENT_TYPES } from '@app/contracts/chatbots';
import { ActionIcon, Badge, Button, FileButton, Group, Paper, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileText, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/kit/confirm';
import { errorMessage } from '../../../lib/status-messages';
import { useDeleteDocument, useDocumentsIndexing, useUploadDocuments } from '../api/chatbot-documents';
import { formatBytes, MB, pickDocuments } from '../lib/files';

const STATUS_COLORS = { queued: 'blue', parsing: 'blue', parsed: 'green', partial: 'yellow', no_text: 'orange', failed: 'red' } as const;

/** Where reading and indexing a document stands; why, when it is partial, empty or failed. */
function DocumentStatus({ status, note }: { status: keyof typeof STATUS_COLORS; note: string | null }) {
  const { t } = useTranslation('studio');
  const badge = (
    <Badge size="xs" variant="dot" color={STATUS_COLORS[status]} tt="none" data-testid="document-status" data-status={status}>
      {t(`documents.status.${status}`)}
    </Badge>
  );
  return note ? (
    <Tooltip label={note} withArrow multiline maw={280}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

/** Knowledge documents: upload several at once (saved at once, apart from the form), list, delete. */
export function DocumentsField({ chatbot }: { chatbot: Chatbot }) {
  const { t, i18n } = useTranslation('studio');
  const upload = useUploadDocuments();
  const remove = useDeleteDocument();
  useDocumentsIndexing(chatbot);
  // A refused or failed file can be picked again.
  const resetPick = useRef<() => void>(null);
  const docs = chatbot.documents;
  const full = docs.length >= CHATBOT_LIMITS.documentsMax;
  const limits = { mb: MB(CHATBOT_LIMITS.documentMaxBytes), max: CHATBOT_LIMITS.documentsMax };

  const pick = (files: File[]) => {
    resetPick.current?.();
    if (files.length === 0) return;
    const { accepted, rejected } = pickDocuments(files, docs.length);
    for (const r of rejected) {
      notifications.show({ color: 'red', title: t('documents.errors.title'), message: t(`documents.errors.${r.reason}`, { name: r.file.name, ...limits }) });
    }
    if (accepted.length === 0) return;
    upload.mutate(
      { id: chatbot.id, files: accepted },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('documents.uploaded', { count: accepted.length }) }),
        onError: (err) =>
          notifications.show({
            color: 'red',
            title: t('documents.errors.title'),
            message: errorMessage(t, err, { 413: 'studio:documents.errors.tooLarge', 415: 'studio:documents.errors.unsupported' }),
          }),
      },
    );
  };

  const confirmDelete = (d: Chatbot['documents'][number]) =>
    confirm({
      title: t('documents.deleteTitle'),
      body: t('documents.deleteBody', { name: d.name }),
      confirm: t('documents.delete'),
      cancel: t('cancel'),
      testId: 'confirm-delete-document',
      onConfirm: () =>
        remove.mutate(
          { id: chatbot.id, documentId: d.id },
          { onError: (err) => notifications.show({ color: 'red', title: t('documents.errors.deleteTitle'), message: errorMessage(t, err) }) },
        ),
    });

  return (
    <Paper withBorder radius="md" p="md" data-testid="documents">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Group gap="xs">
              <Title order={3} size="h5">
                {t('documents.title')}
              </Title>
              <Badge variant="light" color={full ? 'orange' : 'gray'} tt="none" data-testid="documents-count">
                {t('documents.count', { n: docs.length, max: CHATBOT_LIMITS.documentsMax })}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {t('documents.hint', limits)}
            </Text>
          </div>
          <FileButton onChange={pick} resetRef={resetPick} multiple accept={[...DOCUMENT_TYPES, '.md'].join(',')} disabled={full} inputProps={{ 'aria-label': t('documents.upload'), 'data-testid': 'documents-input' } as React.ComponentProps<'input'>}>
            {(props) => (
              <Button {...props} variant="light" size="xs" leftSection={<IconUpload size={14} />} loading={upload.isPending} disabled={full} data-testid="documents-upload">
                {t('documents.upload')}
              </Button>
            )}
          </FileButton>
        </Group>
        {docs.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="documents-empty">
            {t('documents.empty')}
          </Text>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {docs.map((d) => (
              <Group key={d.id} component="li" gap="sm" wrap="nowrap" py={4} data-testid={`document-${d.id}`}>
                <ThemeIcon variant="light" color="gray" size="md" aria-hidden>
                  <IconFileText size={16} />
                </ThemeIcon>
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" truncate="end" title={d.name}>
                    {d.name}
                  </Text>
                  <Group gap={6} wrap="nowrap">
                    <Text size="xs" c="dimmed">
                      {formatBytes(d.size, i18n.language)}
                    </Text>
                    {d.status && <DocumentStatus status={d.status} note={d.note} />}
                  </Group>
                </Stack>
                <Tooltip label={t('documents.delete')} withArrow>
                  <ActionIcon variant="subtle" color="red" onClick={() => confirmDelete(d)} aria-label={t('documents.deleteNamed', { name: d.name })} data-testid={`document-delete-${d.id}`}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
