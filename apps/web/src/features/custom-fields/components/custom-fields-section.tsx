import type { CustomField } from '@app/contracts/sign-up-settings';
import { Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconForms, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/kit/confirm';
import { type Column, DataTable } from '../../../components/kit/data-table';
import { RowActions } from '../../../components/kit/row-actions';
import { useMutationWithToast } from '../../../components/kit/use-mutation-with-toast';
import { useAdminCustomFields } from '../../../entities/custom-fields';
import { localizedName } from '../../../lib/localized-name';
import { useDeleteCustomField } from '../api/delete-custom-field';
import { CustomFieldFormModal, FLAGS } from './custom-field-form-modal';

/** The tenant's custom member fields (spec §3): the console table with create, edit and delete. */
export function CustomFieldsSection() {
  const { t, i18n } = useTranslation('custom-fields');
  const list = useAdminCustomFields();
  const remove = useMutationWithToast(useDeleteCustomField(), { success: t('toast.deleted'), error: t('toast.deleteFailed') });
  const [editing, setEditing] = useState<CustomField | 'new' | null>(null);

  const confirmDelete = (f: CustomField) =>
    confirm({
      title: t('delete.title'),
      body: t('delete.body', { name: localizedName(f, i18n.language) }),
      confirm: t('delete.confirm'),
      cancel: t('cancel'),
      testId: 'confirm-delete-custom-field',
      onConfirm: () => remove.run(f.id),
    });

  const columns: Column<CustomField>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      card: 'title',
      cell: (f) => (
        <>
          <Text size="sm" fw={500}>
            {f.ko_name}
          </Text>
          <Text size="xs" c="dimmed">
            {f.en_name}
          </Text>
        </>
      ),
    },
    { key: 'type', header: t('columns.type'), width: 100, card: true, cell: (f) => t(`type.${f.field_type}`) },
    {
      key: 'flags',
      header: t('columns.flags'),
      card: true,
      cell: (f) => (
        <Group gap={4}>
          {FLAGS.filter((flag) => f[flag]).map((flag) => (
            <Badge key={flag} variant="light" size="sm" color={flag === 'is_required' ? 'red' : 'indigo'}>
              {t(`flags.${flag}.short`)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'actions',
      header: null,
      width: 90,
      card: 'actions',
      cell: (f) => (
        <RowActions
          editLabel={t('edit', { name: localizedName(f, i18n.language) })}
          deleteLabel={t('delete.one', { name: localizedName(f, i18n.language) })}
          onEdit={() => setEditing(f)}
          onDelete={() => confirmDelete(f)}
          editTestId={`edit-custom-field-${f.id}`}
          deleteTestId={`delete-custom-field-${f.id}`}
        />
      ),
    },
  ];

  return (
    <Paper withBorder radius="md" data-testid="custom-fields-section">
      <Group px="md" py="sm" justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h4">
            {t('title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('description')}
          </Text>
        </div>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} style={{ flexShrink: 0 }} data-testid="new-custom-field">
          {t('new')}
        </Button>
      </Group>
      <DataTable
        rows={list.data?.items ?? []}
        columns={columns}
        rowKey={(f) => f.id}
        rowTestId={(f) => `custom-field-row-${f.id}`}
        testId="custom-fields-table"
        minWidth={720}
        query={list}
        empty={{ icon: <IconForms size={28} color="var(--mantine-color-gray-5)" />, text: t('empty'), testId: 'custom-fields-empty' }}
      />
      {editing ? <CustomFieldFormModal editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Paper>
  );
}
