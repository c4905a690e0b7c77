import { Alert, Badge, Button, FileButton, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/status-messages';
import { upsertWhitelist, useInvalidateWhitelist, useWhitelistSettings } from '../api/whitelist';
import { readWhitelistFile, type WhitelistFileCheck } from '../lib/whitelist-file';
import { summarizeWhitelistUpload, useWhitelistUpload, whitelistUploadStore } from '../lib/whitelist-upload';

const STATE_COLOR = { waiting: 'gray', sending: 'blue', success: 'teal', warning: 'yellow', failed: 'red' } as const;

/**
 * Whitelist upload (spec §4, §5): the file's emails counted, invalid ones blocking it, then sent in
 * batches whose states stay when the modal closes.
 */
export function WhitelistUploadModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('sso');
  const upload = useWhitelistUpload();
  const settings = useWhitelistSettings();
  const refresh = useInvalidateWhitelist();
  // `check` null: the file could not be read (neither text nor a spreadsheet).
  const [file, setFile] = useState<{ name: string; check: WhitelistFileCheck | null } | null>(null);
  const deps = { send: upsertWhitelist, onBatchDone: refresh };
  const summary = upload ? summarizeWhitelistUpload(upload) : null;

  const choose = async (f: File | null) => {
    if (!f) return;
    setFile({ name: f.name, check: await readWhitelistFile(f) });
  };
  const check = file?.check ?? null;
  const problem = !file
    ? null
    : !check
      ? t('whitelist.file.unreadable')
      : check.invalid.length > 0
        ? t('whitelist.file.invalid', { count: check.invalid.length })
        : check.emails.length === 0
          ? t('whitelist.file.none')
          : null;

  return (
    <Modal opened onClose={onClose} title={t('whitelist.uploadTitle')} size="lg" centered closeButtonProps={{ 'aria-label': t('common:close') }} data-testid="whitelist-upload-modal">
      {upload && summary ? (
        <Stack data-testid="whitelist-upload-progress" data-running={summary.running}>
          <Text size="sm" fw={500}>
            {upload.fileName}
          </Text>
          <Progress value={summary.percent} animated={summary.running} aria-label={t('whitelist.uploadTitle')} />
          <Text size="sm" data-testid="whitelist-upload-summary">
            {t('whitelist.summary', { created: summary.created, existing: summary.existing, total: summary.total })}
          </Text>
          <Table>
            <Table.Tbody>
              {upload.batches.map((b) => (
                <Table.Tr key={b.id} data-testid="whitelist-batch" data-state={b.state}>
                  <Table.Td>{t('whitelist.batch', { id: b.id, count: b.emails.length })}</Table.Td>
                  <Table.Td>
                    <Badge color={STATE_COLOR[b.state]} variant="light">
                      {t(`whitelist.states.${b.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed">
                      {b.state === 'failed' ? errorMessage(t, b.error) : b.state === 'warning' ? t('whitelist.existing', { count: b.existing }) : null}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            {summary.failed > 0 && !summary.running ? (
              <Button variant="default" onClick={() => void whitelistUploadStore.retry(deps)}>
                {t('whitelist.retry')}
              </Button>
            ) : null}
            {!summary.running ? (
              <Button
                variant="default"
                onClick={() => {
                  whitelistUploadStore.clear();
                  setFile(null);
                }}
                data-testid="whitelist-new-upload"
              >
                {t('whitelist.newUpload')}
              </Button>
            ) : null}
            <Button onClick={onClose} data-testid="whitelist-upload-close">
              {t('whitelist.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm" c="dimmed">
            {t('whitelist.fileHint')}
          </Text>
          <FileButton onChange={(f) => void choose(f)} accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">
            {(props) => (
              <Button variant="default" leftSection={<IconFileUpload size={16} />} {...props} data-testid="whitelist-choose-file">
                {file ? file.name : t('whitelist.chooseFile')}
              </Button>
            )}
          </FileButton>
          {check ? (
            <Text size="sm" data-testid="whitelist-file-count">
              {t('whitelist.file.count', { count: check.emails.length })}
            </Text>
          ) : null}
          {problem ? (
            <Alert color="red" data-testid="whitelist-file-error">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('whitelist.close')}
            </Button>
            <Button
              disabled={!file || !!problem}
              onClick={() => file && check && void whitelistUploadStore.start(file.name, check.emails, settings.data?.batch_size ?? 100, deps)}
              data-testid="whitelist-start-upload"
            >
              {t('whitelist.startUpload')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
