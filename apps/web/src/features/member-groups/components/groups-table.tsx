import type { MemberGroup } from '@app/contracts/member-groups';
import { ActionIcon, Anchor, Badge, Box, Button, Center, Group, NativeSelect, Pagination, Paper, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconSearch, IconTrash, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/kit/confirm';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { groupErrorOverrides } from '../lib/group-errors';
import { useDeleteMemberGroup } from '../api/delete-member-group';
import { type GroupOrder, useAdminMemberGroups } from '../api/list-admin-member-groups';
import { GroupFormModal } from './group-form-modal';
import { GroupMembersDrawer } from './group-members-drawer';

const ORDERS: GroupOrder[] = ['id.asc', 'id.desc', 'name.asc', 'member_count.desc'];

/** The groups tab: search, sort and pages; create, edit, delete, and each group's members. */
export function GroupsTable() {
  const { t, i18n } = useTranslation('member-groups');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [order, setOrder] = useState<GroupOrder>('id.asc');
  const [editing, setEditing] = useState<MemberGroup | 'new' | null>(null);
  const [viewing, setViewing] = useState<MemberGroup | null>(null);
  const list = useAdminMemberGroups({ page, search_term: debounced, order_by: order });
  const remove = useDeleteMemberGroup();

  const items = list.data?.items ?? [];
  const pages = list.data?.pagination.total_pages ?? 1;
  const credits = (n: number) => n.toLocaleString(i18n.language);

  useEffect(() => {
    if (list.isError) notifications.show({ id: 'groups-load', color: 'red', title: t('toast.loadFailed'), message: errorMessage(t, list.error) });
  }, [list.isError, list.error, t]);

  // A page emptied by a deletion: go back one.
  useEffect(() => {
    if (list.data && list.data.items.length === 0 && page > 1) setPage(page - 1);
  }, [list.data, page]);

  const confirmDelete = (g: MemberGroup) =>
    confirm({
      title: t('delete.title'),
      body: t('delete.body', { name: localizedName(g, i18n.language), count: g.member_count }),
      confirm: t('delete.confirm'),
      cancel: t('cancel'),
      testId: 'confirm-delete-group',
      onConfirm: () =>
        remove.mutate(g.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('toast.deleted', { name: localizedName(g, i18n.language) }) }),
          onError: (err) => notifications.show({ color: 'red', title: t('toast.deleteFailed'), message: errorMessage(t, err, groupErrorOverrides(err)) }),
        }),
    });

  return (
    <Stack gap="md">
      <Paper withBorder radius="md">
        <Group px="md" py="sm" justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            <TextInput
              aria-label={t('search')}
              placeholder={t('search')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', xs: 240 }}
              data-testid="groups-search"
            />
            <NativeSelect
              aria-label={t('sort.label')}
              value={order}
              onChange={(e) => {
                setOrder(e.currentTarget.value as GroupOrder);
                setPage(1);
              }}
              data={ORDERS.map((o) => ({ value: o, label: t(`sort.${o}`) }))}
              data-testid="groups-sort"
            />
            <Text fw={600} data-testid="groups-total">
              {t('total', { count: list.data?.pagination.total_items ?? 0 })}
            </Text>
          </Group>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="new-group">
            {t('new')}
          </Button>
        </Group>
        {list.isPending ? (
          <Stack p="md" data-testid="groups-loading">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} height={36} />
            ))}
          </Stack>
        ) : items.length === 0 ? (
          <Center py={48}>
            <Stack align="center" gap={4} data-testid="groups-empty">
              <IconUsersGroup size={32} color="var(--mantine-color-gray-5)" />
              <Text c="dimmed">{debounced.trim() ? t('noMatch') : t('empty')}</Text>
            </Stack>
          </Center>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="groups-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.koName')}</Table.Th>
                  <Table.Th>{t('columns.enName')}</Table.Th>
                  <Table.Th w={130}>{t('columns.kind')}</Table.Th>
                  <Table.Th w={100} ta="right">
                    {t('columns.members')}
                  </Table.Th>
                  <Table.Th w={150} ta="right">
                    {t('columns.pool')}
                  </Table.Th>
                  <Table.Th w={150} ta="right">
                    {t('columns.perMember')}
                  </Table.Th>
                  <Table.Th w={120}>
                    <span className="visually-hidden">{t('columns.actions')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((g) => {
                  const name = localizedName(g, i18n.language);
                  return (
                    <Table.Tr key={g.id} data-testid={`group-row-${g.id}`}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {g.ko_name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {g.en_name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant={g.is_default ? 'light' : 'outline'} color={g.is_default ? 'indigo' : 'gray'} tt="none" data-testid={`group-kind-${g.id}`}>
                          {t(g.is_default ? 'kind.default' : 'kind.additional')}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Anchor component="button" type="button" size="sm" onClick={() => setViewing(g)} data-testid={`group-members-count-${g.id}`}>
                          {g.member_count.toLocaleString(i18n.language)}
                          <span className="visually-hidden"> — {t('members.heading', { name })}</span>
                        </Anchor>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm" c={g.credit_quota === null ? 'dimmed' : undefined} data-testid={`group-pool-${g.id}`}>
                          {g.credit_quota === null ? t('noPool') : credits(g.credit_quota)}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm" data-testid={`group-per-member-${g.id}`}>
                          {credits(g.member_credit_quota)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <ActionIcon variant="subtle" title={t('members.title')} aria-label={t('members.open', { name, count: g.member_count })} onClick={() => setViewing(g)} data-testid={`group-members-${g.id}`}>
                            <IconUsers size={16} />
                          </ActionIcon>
                          <ActionIcon variant="subtle" title={t('edit')} aria-label={t('editOne', { name })} onClick={() => setEditing(g)} data-testid={`edit-group-${g.id}`}>
                            <IconPencil size={16} />
                          </ActionIcon>
                          {/* A disabled button shows no tooltip of its own: the reason sits on its wrapper (and in the note under the table). */}
                          <Box component="span" title={g.is_default ? t('defaultLocked.delete') : t('delete.title')} display="inline-flex">
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={g.is_default ? `${t('deleteOne', { name })} — ${t('defaultLocked.delete')}` : t('deleteOne', { name })}
                              disabled={g.is_default}
                              onClick={() => confirmDelete(g)}
                              data-testid={`delete-group-${g.id}`}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Box>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 ? (
          <Group justify="center" py="sm">
            <Pagination total={pages} value={page} onChange={setPage} data-testid="groups-pagination" />
          </Group>
        ) : null}
      </Paper>
      <Text size="sm" c="dimmed" data-testid="groups-note">
        {t('note')}
      </Text>
      {editing ? <GroupFormModal editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {viewing ? <GroupMembersDrawer group={viewing} onClose={() => setViewing(null)} /> : null}
    </Stack>
  );
}
