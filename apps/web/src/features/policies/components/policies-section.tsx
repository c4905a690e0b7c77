import type { Policy } from '@app/contracts/sign-up-settings';
import { ActionIcon, Anchor, Badge, Button, Center, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileCertificate, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/kit/confirm';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
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
  const remove = useDeletePolicy();
  const [editing, setEditing] = useState<Policy | 'new' | null>(null);
  const items = list.data?.items ?? [];

  const confirmDelete = (p: Policy) =>
    confirm({
      title: t('delete.title'),
      body: t('delete.body', { name: localizedName(p, i18n.language) }),
      confirm: t('delete.confirm'),
      cancel: t('cancel'),
      testId: 'confirm-delete-policy',
      onConfirm: () =>
        remove.mutate(p.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('toast.deleted') }),
          onError: (err) => notifications.show({ color: 'red', title: t('toast.deleteFailed'), message: errorMessage(t, err) }),
        }),
    });

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
          <Stack align="center" gap={4} data-testid="policies-empty">
            <IconFileCertificate size={28} color="var(--mantine-color-gray-5)" />
            <Text c="dimmed" size="sm">
              {t('empty')}
            </Text>
          </Stack>
        </Center>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" data-testid="policies-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.name')}</Table.Th>
                <Table.Th w={110}>{t('columns.kind')}</Table.Th>
                <Table.Th>{t('columns.content')}</Table.Th>
                <Table.Th w={110}>{t('columns.mandatory')}</Table.Th>
                <Table.Th w={90} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((p) => (
                <Table.Tr key={p.id} data-testid={`policy-row-${p.id}`}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {p.ko_name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {p.en_name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`kind.${p.kind}`)}</Table.Td>
                  <Table.Td maw={360}>
                    {p.kind === 'text' ? (
                      <Text size="xs" c="dimmed" className="line-clamp-2">
                        {plainText(p.content).slice(0, 240)}
                      </Text>
                    ) : p.url ? (
                      <Anchor href={p.url} target="_blank" rel="noopener noreferrer" size="xs" style={{ wordBreak: 'break-all' }}>
                        {p.url}
                      </Anchor>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={p.is_mandatory ? 'red' : 'gray'}>
                      {t(p.is_mandatory ? 'mandatory' : 'optional')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={t('edit', { name: localizedName(p, i18n.language) })} onClick={() => setEditing(p)} data-testid={`edit-policy-${p.id}`}>
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={t('delete.one', { name: localizedName(p, i18n.language) })} onClick={() => confirmDelete(p)} data-testid={`delete-policy-${p.id}`}>
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
      {editing ? <PolicyFormModal editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Paper>
  );
}
