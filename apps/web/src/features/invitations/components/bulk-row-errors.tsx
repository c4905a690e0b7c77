import { Button, Center, Group, NativeSelect, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failedRowsCsv } from '../lib/bulk-file';
import { rowErrorText } from '../lib/row-error-text';
import { saveTextFile } from '../lib/save-file';
import type { RowOutcome, Upload } from '../lib/upload-store';

const PAGE_SIZE = 20;
/** The file check's failures are listed as batch 0. */
const FILE_CHECK = '0';

interface ErrorRow extends RowOutcome {
  batch: number;
}

/** Every failed row of the upload (file check and server), by batch, a page at a time. */
function failedRows(upload: Upload): ErrorRow[] {
  const out: ErrorRow[] = upload.localOutcomes.map((o) => ({ ...o, batch: 0 }));
  for (const b of upload.batches) for (const o of b.outcomes) if (o.status === 'failed') out.push({ ...o, batch: b.id });
  return out.sort((a, b) => a.line - b.line);
}

export function BulkRowErrors({ upload, filter, onFilter }: { upload: Upload; filter: string; onFilter: (f: string) => void }) {
  const { t, i18n } = useTranslation('invitations');
  const [page, setPage] = useState(1);
  const all = useMemo(() => failedRows(upload), [upload]);
  const batchesWithErrors = useMemo(() => [...new Set(all.map((r) => r.batch))].sort((a, b) => a - b), [all]);
  const shown = filter === 'all' ? all : all.filter((r) => String(r.batch) === filter);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const message = (r: RowOutcome) => rowErrorText(t, i18n.language, r, upload.fields);

  const download = () => {
    const cells = new Map([...upload.local, ...upload.batches.flatMap((b) => b.rows)].map((r) => [r.line, r.cells]));
    const name = upload.fileName.replace(/\.(csv|xlsx)$/i, '');
    saveTextFile(failedRowsCsv(upload.header, all.map((r) => ({ cells: cells.get(r.line) ?? [], message: message(r) }))), t('bulk.errors.fileName', { name }));
  };

  const options = [
    { value: 'all', label: t('bulk.errors.all') },
    ...batchesWithErrors.map((b) => ({ value: String(b), label: String(b) === FILE_CHECK ? t('bulk.batches.fileCheck') : t('bulk.batches.batch', { id: b }) })),
  ];

  return (
    <Stack gap={6} data-testid="bulk-row-errors">
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-end">
        <Text fw={600} size="sm">
          {t('bulk.errors.title', { count: all.length })}
        </Text>
        <Group gap="xs" align="flex-end">
          {all.length > 0 ? (
            <NativeSelect
              size="xs"
              aria-label={t('bulk.errors.filter')}
              value={filter}
              data={options}
              onChange={(e) => {
                onFilter(e.currentTarget.value);
                setPage(1);
              }}
              data-testid="bulk-errors-filter"
            />
          ) : null}
          <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} disabled={all.length === 0} onClick={download} data-testid="bulk-failed-download">
            {t('bulk.errors.download')}
          </Button>
        </Group>
      </Group>
      <Paper withBorder radius="md">
        {rows.length === 0 ? (
          <Center py="md">
            <Group gap={6} data-testid="bulk-errors-empty">
              <IconCircleCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />
              <Text size="sm" c="dimmed">
                {t('bulk.errors.none')}
              </Text>
            </Group>
          </Center>
        ) : (
          // No side scrolling on a phone: the batch column goes (the filter still tells), the email wraps.
          <Table verticalSpacing={6} fz="sm" data-testid="bulk-errors-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>{t('bulk.errors.line')}</Table.Th>
                <Table.Th w={110} visibleFrom="sm">
                  {t('bulk.errors.batch')}
                </Table.Th>
                <Table.Th>{t('bulk.errors.email')}</Table.Th>
                <Table.Th>{t('bulk.errors.error')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.line} data-testid={`bulk-error-line-${r.line}`}>
                  <Table.Td>{r.line}</Table.Td>
                  <Table.Td visibleFrom="sm">{r.batch === 0 ? t('bulk.batches.fileCheck') : r.batch}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.email || '—'}</Table.Td>
                  <Table.Td>{message(r)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {pages > 1 ? (
        <Group justify="center">
          <Pagination size="sm" total={pages} value={current} onChange={setPage} getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })} data-testid="bulk-errors-pagination" />
        </Group>
      ) : null}
    </Stack>
  );
}
