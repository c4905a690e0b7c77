import { Badge, Button, FileButton, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BULK_MAX_ROWS, GROUP_SEPARATOR } from '../lib/bulk-file';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The template to download: its columns (required ones marked) and the rules a file follows. */
export function BulkTemplate(p: { columns: { key: string; label: string; required: boolean }[]; loading: boolean; sso: boolean; onDownload: () => void }) {
  const { t, i18n } = useTranslation('invitations');
  const lang = i18n.language;
  return (
  <Stack gap="xs">
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Title order={3} size="h5">
        {t('bulk.template.title')}
      </Title>
      <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={p.onDownload} disabled={p.loading} data-testid="bulk-template">
        {t('bulk.template.download')}
      </Button>
    </Group>
    {p.loading ? (
      <Skeleton height={24} />
    ) : (
      <Group gap={6} data-testid="bulk-columns" aria-label={t('bulk.template.columns')}>
        {p.columns.map((c) => (
          <Badge key={c.key} variant={c.required ? 'filled' : 'light'} color={c.required ? 'indigo' : 'gray'} tt="none" size="lg" radius="sm">
            {c.label}
            {c.required ? ` · ${t('bulk.template.required')}` : ''}
          </Badge>
        ))}
      </Group>
    )}
    <List size="sm" spacing={2} c="dimmed">
      <List.Item>{t('bulk.template.notes.required')}</List.Item>
      <List.Item>{t('bulk.template.notes.group')}</List.Item>
      <List.Item>{t('bulk.template.notes.additional', { separator: GROUP_SEPARATOR })}</List.Item>
      {p.sso ? <List.Item data-testid="bulk-sso-note">{t('bulk.template.notes.sso')}</List.Item> : null}
      <List.Item>{t('bulk.template.notes.fields')}</List.Item>
      <List.Item>{t('bulk.template.notes.unknown')}</List.Item>
      <List.Item>{t('bulk.template.notes.limit', { max: BULK_MAX_ROWS.toLocaleString(lang) })}</List.Item>
    </List>
  </Stack>
  );
}

/** A file chosen with the button or dropped on the frame. */
export function BulkDropZone(p: { disabled: boolean; onFile: (file: File | null) => void; resetRef: RefObject<(() => void) | null> }) {
  const { t } = useTranslation('invitations');
  const [dragging, setDragging] = useState(false);
  return (
  <Stack gap="xs">
    <Title order={3} size="h5">
      {t('bulk.file.title')}
    </Title>
    <Paper
      withBorder
      radius="md"
      p="lg"
      style={{ borderStyle: 'dashed', borderWidth: 2, borderColor: dragging ? 'var(--mantine-color-indigo-5)' : undefined, background: dragging ? 'var(--mantine-color-indigo-0)' : undefined }}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        p.onFile(e.dataTransfer.files[0] ?? null);
      }}
      data-testid="bulk-drop"
    >
      <Stack align="center" gap={6}>
        <IconFileSpreadsheet size={32} color="var(--mantine-color-gray-6)" aria-hidden />
        <FileButton onChange={p.onFile} accept={ACCEPT} resetRef={p.resetRef} inputProps={{ 'data-testid': 'bulk-file-input' } as object}>
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={16} />} disabled={p.disabled} data-testid="bulk-choose">
              {t('bulk.file.choose')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('bulk.file.drop')}
        </Text>
      </Stack>
    </Paper>
  </Stack>
  );
}
