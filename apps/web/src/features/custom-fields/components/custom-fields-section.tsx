import type { CustomField } from '@app/contracts/sign-up-settings';
import { ActionIcon, Badge, Button, Center, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconForms, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/kit/confirm';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useDeleteCustomField } from '../api/delete-custom-field';
import { useAdminCustomFields } from '../api/list-admin-custom-fields';
import { CustomFieldFormModal, FLAGS } from './custom-field-form-modal';

/** The tenant's custom member fields (spec §3): the console table with create, edit and delete. */
export function CustomFieldsSection() {
  const { t, i18n } = useTranslation('custom-fields');
  const list = useAdminCustomFields();
  const remove = useDeleteCustomField();
  const [editing, setEditing] = useState<CustomField | 'new' | null>(null);
  const items = list.data?.items ?? [];

  const confirmDelete = (f: CustomField) =>
    confirm({
      title: t('delete.title'),
      body: t('delete.body', { name: localizedName(f, i18n.language) }),
      confirm: t('delete.confirm'),
      cancel: t('cancel'),
      testId: 'confirm-delete-custom-field',
      onConfirm: () =>
        remove.mutate(f.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('toast.deleted') }),
          onError: (err) => notifications.show({ color: 'red', title: t('toast.deleteFailed'), message: errorMessage(t, err) }),
        }),
    });

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
      {list.isPending ? (
        <Stack p="md">
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : list.isError ? (
        <Text c="red.9" p="md">
          {errorMessage(t, list.error)}
        </Text>
      ) : items.length === 0 ? (
        <Center py={36}>
          <Stack align="center" gap={4} data-testid="custom-fields-empty">
            <IconForms size={28} color="var(--mantine-color-gray-5)" />
            <Text c="dimmed" size="sm">
              {t('empty')}
            </Text>
          </Stack>
        </Center>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" data-testid="custom-fields-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.name')}</Table.Th>
                <Table.Th w={100}>{t('columns.type')}</Table.Th>
                <Table.Th>{t('columns.flags')}</Table.Th>
                <Table.Th w={90} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((f) => (
                <Table.Tr key={f.id} data-testid={`custom-field-row-${f.id}`}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {f.ko_name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {f.en_name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`type.${f.field_type}`)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {FLAGS.filter((flag) => f[flag]).map((flag) => (
                        <Badge key={flag} variant="light" size="sm" color={flag === 'is_required' ? 'red' : 'indigo'}>
                          {t(`flags.${flag}.short`)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={t('edit', { name: localizedName(f, i18n.language) })} onClick={() => setEditing(f)} data-testid={`edit-custom-field-${f.id}`}>
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={t('delete.one', { name: localizedName(f, i18n.language) })} onClick={() => confirmDelete(f)} data-testid={`delete-custom-field-${f.id}`}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing ? <CustomFieldFormModal editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Paper>
  );
}
