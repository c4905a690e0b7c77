import type { CustomField, MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { Alert, Badge, Box, Button, FileButton, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileSpreadsheet, IconSend, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminCustomFields } from '../../../entities/custom-fields';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useBulkInviteSettings } from '../api/get-bulk-invite-settings';
import { useAdminSsoPlatforms } from '../../../entities/sso-platforms';
import { BULK_MAX_ROWS, type BulkPlan, checkBulkRecords, FIXED_COLUMNS, type FileProblem, GROUP_SEPARATOR, readBulkFile, SSO_COLUMNS, templateCsv, toBatches } from '../lib/bulk-file';
import { saveTextFile } from '../lib/save-file';
import { type UploadDeps, uploadStore } from '../lib/upload-store';

type Picked = { name: string; reading: true } | { name: string; reading: false; problems: FileProblem[] } | { name: string; reading: false; plan: BulkPlan };

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The template and its rules, then a file checked before anything is sent. */
export function BulkFileStep({ groups, deps, onClose }: { groups: MemberGroupSummary[]; deps: UploadDeps; onClose: () => void }) {
  const { t, i18n } = useTranslation('invitations');
  const lang = i18n.language;
  const settings = useBulkInviteSettings();
  const fieldsQuery = useAdminCustomFields();
  // The SSO columns are offered when the tenant has an enabled SSO platform (a failed read just leaves them out).
  const ssoPlatforms = (useAdminSsoPlatforms().data?.items ?? []).filter((p) => p.is_enabled);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [dragging, setDragging] = useState(false);
  const resetInput = useRef<() => void>(null);

  const fields = fieldsQuery.data?.items ?? [];
  const signup = fields.filter((f) => f.is_signup_field).sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
  const fieldName = (f: CustomField) => localizedName(f, lang);
  const loading = settings.isPending || fieldsQuery.isPending;
  const loadError = settings.error ?? fieldsQuery.error;

  const downloadTemplate = () =>
    saveTextFile(
      templateCsv(fields, lang, {
        name: t('bulk.template.exampleName'),
        email: t('bulk.template.exampleEmail'),
        group: groups[0] ? localizedName(groups[0], lang) : '',
        text: t('bulk.template.exampleText'),
        ssoPlatform: ssoPlatforms[0]?.name ?? null,
        ssoId: t('bulk.template.exampleSsoId'),
      }),
      t('bulk.template.fileName'),
    );

  const choose = async (file: File | null) => {
    if (!file) return;
    // The same file, fixed and chosen again, must change the input again.
    resetInput.current?.();
    setPicked({ name: file.name, reading: true });
    const read = await readBulkFile(file);
    if (!read.ok) return setPicked({ name: file.name, reading: false, problems: [read.problem] });
    const checked = checkBulkRecords(read.records, fields);
    setPicked(checked.ok ? { name: file.name, reading: false, plan: checked.plan } : { name: file.name, reading: false, problems: checked.problems });
  };

  const problemText = (p: FileProblem) => {
    switch (p.kind) {
      case 'invalid_csv':
      case 'stray_values':
        return t(`bulk.file.problems.${p.kind}`, { lines: p.lines.join(', ') });
      case 'missing_columns':
      case 'duplicate_columns':
      case 'non_signup_field_columns':
        return t(`bulk.file.problems.${p.kind}`, { columns: p.columns.join(', ') });
      case 'required_field_columns':
        return t('bulk.file.problems.required_field_columns', { columns: p.fieldIds.map((id) => fields.find((f) => f.id === id)).flatMap((f) => (f ? [fieldName(f)] : [])).join(', ') });
      case 'too_many_rows':
        return t('bulk.file.problems.too_many_rows', { count: p.count.toLocaleString(lang), max: p.max.toLocaleString(lang) });
      default:
        return t(`bulk.file.problems.${p.kind}`);
    }
  };

  const start = (name: string, plan: BulkPlan) => {
    if (!settings.data) return;
    void uploadStore.start({ fileName: name, plan, fields, batchSize: settings.data.batch_size, maxPerRequest: settings.data.max_rows_per_request }, deps);
  };

  if (loadError) {
    return (
      <Alert color="red" title={t('bulk.loadFailed')} data-testid="bulk-load-error">
        {errorMessage(t, loadError)}
      </Alert>
    );
  }

  const columns = [
    ...FIXED_COLUMNS.map((c) => ({ key: c, label: c, required: c === 'name' || c === 'email' })),
    ...(ssoPlatforms.length > 0 ? SSO_COLUMNS.map((c) => ({ key: c, label: c, required: false })) : []),
    ...signup.map((f) => ({ key: `field-${f.id}`, label: fieldName(f), required: f.is_required })),
  ];
  const plan = picked && !picked.reading && 'plan' in picked ? picked.plan : null;
  const batchSize = settings.data ? Math.min(settings.data.batch_size, settings.data.max_rows_per_request) : 0;

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('bulk.intro')}
      </Text>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5">
            {t('bulk.template.title')}
          </Title>
          <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={downloadTemplate} disabled={loading} data-testid="bulk-template">
            {t('bulk.template.download')}
          </Button>
        </Group>
        {loading ? (
          <Skeleton height={24} />
        ) : (
          <Group gap={6} data-testid="bulk-columns" aria-label={t('bulk.template.columns')}>
            {columns.map((c) => (
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
          {ssoPlatforms.length > 0 ? <List.Item data-testid="bulk-sso-note">{t('bulk.template.notes.sso')}</List.Item> : null}
          <List.Item>{t('bulk.template.notes.fields')}</List.Item>
          <List.Item>{t('bulk.template.notes.unknown')}</List.Item>
          <List.Item>{t('bulk.template.notes.limit', { max: BULK_MAX_ROWS.toLocaleString(lang) })}</List.Item>
        </List>
      </Stack>

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
            void choose(e.dataTransfer.files[0] ?? null);
          }}
          data-testid="bulk-drop"
        >
          <Stack align="center" gap={6}>
            <IconFileSpreadsheet size={32} color="var(--mantine-color-gray-6)" aria-hidden />
            <FileButton onChange={(f) => void choose(f)} accept={ACCEPT} resetRef={resetInput} inputProps={{ 'data-testid': 'bulk-file-input' } as object}>
              {(props) => (
                <Button {...props} leftSection={<IconUpload size={16} />} disabled={loading || picked?.reading} data-testid="bulk-choose">
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

      {picked?.reading ? (
        <Text size="sm" data-testid="bulk-reading">
          {t('bulk.file.reading', { name: picked.name })}
        </Text>
      ) : null}
      {picked && !picked.reading && 'problems' in picked ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('bulk.file.refused', { name: picked.name })} data-testid="bulk-file-problems">
          <List size="sm" spacing={4}>
            {picked.problems.map((p) => (
              <List.Item key={p.kind} data-testid={`bulk-problem-${p.kind}`}>
                {problemText(p)}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {plan && picked ? (
        <Alert color="indigo" title={t('bulk.file.ready', { name: picked.name, total: plan.total })} data-testid="bulk-ready">
          <Stack gap={4}>
            <Text size="sm">{t('bulk.file.readySend', { count: plan.toSend.length, batches: toBatches(plan.toSend, batchSize, batchSize).length, size: batchSize })}</Text>
            {plan.failed.length ? (
              <Text size="sm" data-testid="bulk-ready-local">
                {t('bulk.file.readyLocal', { count: plan.failed.length })}
              </Text>
            ) : null}
            {plan.warnings.map((w) => (
              <Text key={w.kind} size="sm" fw={500} data-testid="bulk-unknown-columns">
                {t('bulk.file.unknownColumns', { columns: w.columns.join(', ') })}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}

      <Box>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            leftSection={<IconSend size={16} />}
            disabled={!plan || !picked || (plan.toSend.length === 0 && plan.failed.length === 0)}
            onClick={() => plan && picked && start(picked.name, plan)}
            data-testid="bulk-send"
          >
            {t('bulk.file.send', { count: plan?.toSend.length ?? 0 })}
          </Button>
        </Group>
      </Box>
    </Stack>
  );
}
