import type { CustomField, MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { Alert, Box, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminCustomFields } from '../../../entities/custom-fields';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useBulkInviteSettings } from '../api/get-bulk-invite-settings';
import { useAdminSsoPlatforms } from '../../../entities/sso-platforms';
import { type BulkPlan, checkBulkRecords, FIXED_COLUMNS, type FileProblem, readBulkFile, SSO_COLUMNS, templateCsv, toBatches } from '../lib/bulk-file';
import { saveTextFile } from '../lib/save-file';
import { BulkDropZone, BulkTemplate } from './bulk-file-parts';
import { type UploadDeps, uploadStore } from '../lib/upload-store';

type Picked = { name: string; reading: true } | { name: string; reading: false; problems: FileProblem[] } | { name: string; reading: false; plan: BulkPlan };

/** The template and its rules, then a file checked before anything is sent. */
export function BulkFileStep({ groups, deps, onClose }: { groups: MemberGroupSummary[]; deps: UploadDeps; onClose: () => void }) {
  const { t, i18n } = useTranslation('invitations');
  const lang = i18n.language;
  const settings = useBulkInviteSettings();
  const fieldsQuery = useAdminCustomFields();
  // The SSO columns are offered when the tenant has an enabled SSO platform (a failed read just leaves them out).
  const ssoPlatforms = (useAdminSsoPlatforms().data?.items ?? []).filter((p) => p.is_enabled);
  const [picked, setPicked] = useState<Picked | null>(null);
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
      <BulkTemplate columns={columns} loading={loading} sso={ssoPlatforms.length > 0} onDownload={downloadTemplate} />
      <BulkDropZone disabled={loading || !!picked?.reading} onFile={(f) => void choose(f)} resetRef={resetInput} />

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
