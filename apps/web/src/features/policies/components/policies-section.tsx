import type { Policy } from '@app/contracts/sign-up-settings';
import { Anchor, Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconFileCertificate, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/kit/confirm';
import { type Column, DataTable } from '../../../components/kit/data-table';
import { RowActions } from '../../../components/kit/row-actions';
import { useMutationWithToast } from '../../../components/kit/use-mutation-with-toast';
import { localizedName } from '../../../lib/localized-name';
import { useDeletePolicy } from '../api/delete-policy';
import { useAdminPolicies } from '../api/list-admin-policies';
import { PolicyFormModal } from './policy-form-modal';

/** Markdown shown as a plain preview (marks, links' targets and extra spaces dropped). */
const plainText = (md: string) =>
  md
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>~|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Policies people agree to when joining (spec §3): the console table with create, edit and delete. */
export function PoliciesSection() {
  const { t, i18n } = useTranslation('policies');
  const list = useAdminPolicies();
  const remove = useMutationWithToast(useDeletePolicy(), { success: t('toast.deleted'), error: t('toast.deleteFailed') });
  const [editing, setEditing] = useState<Policy | 'new' | null>(null);

  const confirmDelete = (p: Policy) =>
    confirm({
      title: t('delete.title'),
      body: t('delete.body', { name: localizedName(p, i18n.language) }),
      confirm: t('delete.confirm'),
      cancel: t('cancel'),
      testId: 'confirm-delete-policy',
      onConfirm: () => remove.run(p.id),
    });

  const columns: Column<Policy>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      card: 'title',
      cell: (p) => (
        <>
          <Text size="sm" fw={500}>
            {p.ko_name}
          </Text>
          <Text size="xs" c="dimmed">
            {p.en_name}
          </Text>
        </>
      ),
    },
    { key: 'kind', header: t('columns.kind'), width: 110, card: true, cell: (p) => t(`kind.${p.kind}`) },
    {
      key: 'content',
      header: t('columns.content'),
      card: true,
      cell: (p) =>
        p.kind === 'text' ? (
          <Text size="xs" c="dimmed" className="line-clamp-2" maw={360}>
            {plainText(p.content).slice(0, 240)}
          </Text>
        ) : p.url ? (
          <Anchor href={p.url} target="_blank" rel="noopener noreferrer" size="xs" style={{ wordBreak: 'break-all' }}>
            {p.url}
          </Anchor>
        ) : null,
    },
    {
      key: 'mandatory',
      header: t('columns.mandatory'),
      width: 110,
      card: true,
      cell: (p) => (
        <Badge variant="light" color={p.is_mandatory ? 'red' : 'gray'}>
          {t(p.is_mandatory ? 'mandatory' : 'optional')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: null,
      width: 90,
      card: 'actions',
      cell: (p) => (
        <RowActions
          editLabel={t('edit', { name: localizedName(p, i18n.language) })}
          deleteLabel={t('delete.one', { name: localizedName(p, i18n.language) })}
          onEdit={() => setEditing(p)}
          onDelete={() => confirmDelete(p)}
          editTestId={`edit-policy-${p.id}`}
          deleteTestId={`delete-policy-${p.id}`}
        />
      ),
    },
  ];

  return (
    <Paper withBorder radius="md" data-testid="policies-section">
      <Group px="md" py="sm" justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h4">
            {t('title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('description')}
          </Text>
        </div>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} style={{ flexShrink: 0 }} data-testid="new-policy">
          {t('new')}
        </Button>
      </Group>
      <DataTable
        rows={list.data?.items ?? []}
        columns={columns}
        rowKey={(p) => p.id}
        rowTestId={(p) => `policy-row-${p.id}`}
        testId="policies-table"
        minWidth={720}
        query={list}
        empty={{ icon: <IconFileCertificate size={28} color="var(--mantine-color-gray-5)" />, text: t('empty'), testId: 'policies-empty' }}
      />
      {editing ? <PolicyFormModal editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Paper>
  );
}
