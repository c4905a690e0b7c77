import { Alert, Badge, Box, Button, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconRefresh, IconUpload } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/status-messages';
import { type Batch, summarize, type Upload, type UploadDeps, uploadStore } from '../lib/upload-store';
import { BulkRowErrors } from './bulk-row-errors';

const STATE_COLOR: Record<Batch['state'], string> = { waiting: 'gray', sending: 'blue', success: 'teal', warning: 'yellow', failed: 'red' };

/** One batch: its rows, its state, and what can be done with it. Memoised: only the batch that changed renders again. */
const BatchRow = memo(function BatchRow({ batch, deps, onShowErrors }: { batch: Batch; deps: UploadDeps; onShowErrors: (filter: string) => void }) {
  const { t } = useTranslation('invitations');
  const errors = batch.outcomes.filter((o) => o.status === 'failed').length;
  return (
    <Box component="li" py={6} px="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-testid={`bulk-batch-${batch.id}`} data-state={batch.state}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Box miw={0}>
          <Text size="sm" fw={500}>
            {t('bulk.batches.batch', { id: batch.id })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('bulk.batches.rows', { first: batch.first, last: batch.last, count: batch.rows.length })}
          </Text>
        </Box>
        <Group gap="xs" wrap="nowrap">
          {batch.state === 'warning' ? (
            <Button size="compact-xs" variant="subtle" onClick={() => onShowErrors(String(batch.id))} data-testid={`bulk-batch-errors-${batch.id}`}>
              {t('bulk.batches.showErrors')}
            </Button>
          ) : null}
          {batch.state === 'failed' ? (
            <Button size="compact-xs" variant="default" leftSection={<IconRefresh size={12} />} onClick={() => void uploadStore.retry(deps, batch.id)} data-testid={`bulk-batch-retry-${batch.id}`}>
              {t('bulk.batches.retry')}
            </Button>
          ) : null}
          <Badge
            color={STATE_COLOR[batch.state]}
            // Dots: the label keeps the text colour (AA contrast), the dot the state's colour.
            variant="dot"
            tt="none"
            miw={110}
            data-testid={`bulk-batch-state-${batch.id}`}
          >
            {t(`bulk.batches.state.${batch.state}`, { count: errors })}
          </Badge>
        </Group>
      </Group>
      {batch.state === 'failed' ? (
        <Text size="xs" c="red.9" mt={2} data-testid={`bulk-batch-error-${batch.id}`}>
          {errorMessage(t, batch.error)}
        </Text>
      ) : null}
    </Box>
  );
});

function Count({ label, value, color, testId }: { label: string; value: number; color: string; testId: string }) {
  return (
    <Paper withBorder radius="md" px="sm" py={6}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" c={color} data-testid={testId}>
        {value.toLocaleString()}
      </Text>
    </Paper>
  );
}

/** The upload's progress: overall bar and counts, each batch, then the row errors. */
export function BulkProgress({ upload, deps, onClose }: { upload: Upload; deps: UploadDeps; onClose: () => void }) {
  const { t, i18n } = useTranslation('invitations');
  const s = summarize(upload);
  const [filter, setFilter] = useState<string>('all');
  const status = s.running ? 'running' : s.waiting > 0 ? 'paused' : 'done';
  const n = (v: number) => v.toLocaleString(i18n.language);

  return (
    <Stack gap="md" data-testid="bulk-progress" data-status={status}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap" miw={0}>
          {status === 'running' ? <Loader size="xs" /> : null}
          <Text fw={600} size="sm" truncate data-testid="bulk-status">
            {t(`bulk.progress.${status}`, { name: upload.fileName })}
          </Text>
        </Group>
        <Group gap="xs">
          {status === 'running' ? (
            <Button size="xs" variant="default" leftSection={<IconPlayerPause size={14} />} onClick={() => uploadStore.pause()} disabled={upload.paused} data-testid="bulk-pause">
              {t('bulk.progress.pause')}
            </Button>
          ) : null}
          {status === 'paused' ? (
            <Button size="xs" variant="default" leftSection={<IconPlayerPlay size={14} />} onClick={() => void uploadStore.resume(deps)} data-testid="bulk-resume">
              {t('bulk.progress.resume')}
            </Button>
          ) : null}
          {s.failedBatches > 0 && !s.running ? (
            <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={() => void uploadStore.retry(deps)} data-testid="bulk-retry-failed">
              {t('bulk.progress.retryFailed', { count: s.failedBatches })}
            </Button>
          ) : null}
          <Button size="xs" variant="default" leftSection={<IconUpload size={14} />} onClick={() => uploadStore.clear()} disabled={s.running} data-testid="bulk-new-upload">
            {t('bulk.progress.newUpload')}
          </Button>
        </Group>
      </Group>

      <Stack gap={4}>
        <Progress value={s.percent} size="lg" radius="xl" animated={s.running} color={s.failed + s.notSent > 0 ? 'yellow' : 'teal'} aria-label={t('bulk.progress.aria')} data-testid="bulk-progress-bar" />
        <Text size="sm" ta="right" data-testid="bulk-progress-label">
          {t('bulk.progress.label', { done: n(s.done), total: n(s.total), percent: s.percent })}
        </Text>
      </Stack>

      <SimpleGrid cols={{ base: 3 }} spacing="xs">
        <Count label={t('bulk.progress.invited')} value={s.invited} color="teal.9" testId="bulk-count-invited" />
        <Count label={t('bulk.progress.failed')} value={s.failed} color={s.failed ? 'red.9' : 'dimmed'} testId="bulk-count-failed" />
        <Count label={t('bulk.progress.notSent')} value={s.notSent + s.waiting} color="dimmed" testId="bulk-count-not-sent" />
      </SimpleGrid>

      {status !== 'done' ? (
        <Text size="xs" c="dimmed">
          {t('bulk.progress.background')}
        </Text>
      ) : null}

      <Stack gap={4}>
        <Text fw={600} size="sm" id="bulk-batches-title">
          {t('bulk.batches.title', { count: upload.batches.length })}
        </Text>
        {upload.batches.length === 0 ? (
          <Alert color="gray" data-testid="bulk-no-batches">
            {t('bulk.batches.none')}
          </Alert>
        ) : (
          <Paper withBorder radius="md" style={{ maxHeight: 240, overflowY: 'auto' }} tabIndex={0} aria-labelledby="bulk-batches-title">
            <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="bulk-batches">
              {upload.batches.map((b) => (
                <BatchRow key={b.id} batch={b} deps={deps} onShowErrors={setFilter} />
              ))}
            </Box>
          </Paper>
        )}
      </Stack>

      <BulkRowErrors upload={upload} filter={filter} onFilter={setFilter} />

      <Group justify="flex-end">
        <Button onClick={onClose} data-testid="bulk-close">
          {t('bulk.close')}
        </Button>
      </Group>
    </Stack>
  );
}
