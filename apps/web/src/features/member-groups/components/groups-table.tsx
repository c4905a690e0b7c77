import type { MemberGroup } from '@app/contracts/member-groups';
import { ActionIcon, Anchor, Badge, Box, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/kit/confirm';
import { type Column, DataTable } from '../../../components/kit/data-table';
import { toast } from '../../../components/kit/use-mutation-with-toast';
import { type AdminGroupOrder as GroupOrder, useAdminMemberGroups } from '../../../entities/member-groups';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { groupErrorOverrides } from '../lib/group-errors';
import { useDeleteMemberGroup } from '../api/delete-member-group';
import { GROUPS_PAGE_SIZE } from '../api/list-admin-member-groups';
import { GroupFormModal } from './group-form-modal';
import { GroupMembersDrawer } from './group-members-drawer';

const ORDERS: GroupOrder[] = ['id.asc', 'id.desc', 'name.asc', 'member_count.desc'];

/** The groups tab: search, sort and pages; create, edit, delete, and each group's members. */
export function GroupsTable() {
  const { t, i18n } = useTranslation('member-groups');
  const [page, setPage] = useState(1);
  // Set 300 ms after the last key (the kit's search box, spec §9).
  const [debounced, setDebounced] = useState('');
  const [order, setOrder] = useState<GroupOrder>('id.asc');
  const [editing, setEditing] = useState<MemberGroup | 'new' | null>(null);
  const [viewing, setViewing] = useState<MemberGroup | null>(null);
  const list = useAdminMemberGroups({ page, size: GROUPS_PAGE_SIZE, search_term: debounced, order_by: order });

  const credits = (n: number) => n.toLocaleString(i18n.language);

  useEffect(() => {
    if (list.isError) toast.error(t('toast.loadFailed'), errorMessage(t, list.error), 'groups-load');
  }, [list.isError, list.error, t]);

  // A page emptied by a deletion: go back one.
  useEffect(() => {
    if (list.data && list.data.items.length === 0 && page > 1) setPage(page - 1);
  }, [list.data, page]);

  // Its overrides depend on the error itself, so it toasts on its own.
  const remove = useDeleteMemberGroup();
  const confirmDelete = (g: MemberGroup) =>
    confirm({
      title: t('delete.title'),
      body: t('delete.body', { name: localizedName(g, i18n.language), count: g.member_count }),
      confirm: t('delete.confirm'),
      cancel: t('cancel'),
      testId: 'confirm-delete-group',
      onConfirm: () =>
        remove.mutate(g.id, {
          onSuccess: () => toast.success(t('toast.deleted', { name: localizedName(g, i18n.language) })),
          onError: (err) => toast.error(t('toast.deleteFailed'), errorMessage(t, err, groupErrorOverrides(err))),
        }),
    });

  const name = (text: string) => (
    <Text size="sm" fw={500}>
      {text}
    </Text>
  );
  const columns: Column<MemberGroup>[] = [
    { key: 'ko', header: t('columns.koName'), card: 'title', cell: (g) => name(g.ko_name) },
    { key: 'en', header: t('columns.enName'), card: true, cell: (g) => name(g.en_name) },
    {
      key: 'kind',
      header: t('columns.kind'),
      width: 130,
      card: true,
      cell: (g) => (
        <Badge variant={g.is_default ? 'light' : 'outline'} color={g.is_default ? 'indigo' : 'gray'} tt="none" data-testid={`group-kind-${g.id}`}>
          {t(g.is_default ? 'kind.default' : 'kind.additional')}
        </Badge>
      ),
    },
    {
      key: 'members',
      header: t('columns.members'),
      align: 'right',
      width: 100,
      card: true,
      cell: (g) => (
        <Anchor component="button" type="button" size="sm" onClick={() => setViewing(g)} data-testid={`group-members-count-${g.id}`}>
          {g.member_count.toLocaleString(i18n.language)}
          <span className="visually-hidden"> — {t('members.heading', { name: localizedName(g, i18n.language) })}</span>
        </Anchor>
      ),
    },
    {
      key: 'pool',
      header: t('columns.pool'),
      align: 'right',
      width: 150,
      card: true,
      cell: (g) => (
        <Text size="sm" c={g.credit_quota === null ? 'dimmed' : undefined} data-testid={`group-pool-${g.id}`}>
          {g.credit_quota === null ? t('noPool') : credits(g.credit_quota)}
        </Text>
      ),
    },
    {
      key: 'perMember',
      header: t('columns.perMember'),
      align: 'right',
      width: 150,
      card: true,
      cell: (g) => (
        <Text size="sm" data-testid={`group-per-member-${g.id}`}>
          {credits(g.member_credit_quota)}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('columns.actions')}</span>,
      width: 120,
      card: 'actions',
      cell: (g) => {
        const name = localizedName(g, i18n.language);
        return (
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
        );
      },
    },
  ];

  return (
    <Stack gap="md">
      <Paper withBorder radius="md">
        <DataTable
          rows={list.data?.items ?? []}
          columns={columns}
          rowKey={(g) => g.id}
          rowTestId={(g) => `group-row-${g.id}`}
          testId="groups-table"
          minWidth={900}
          query={list}
          skeletonTestId="groups-loading"
          // The e2e and the screenshots count table rows on a phone too.
          cardsOnPhone={false}
          search={{
            placeholder: t('search'),
            testId: 'groups-search',
            onSearch: (v) => {
              setDebounced(v);
              setPage(1);
            },
          }}
          filters={
            <>
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
            </>
          }
          toolbar={
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="new-group">
              {t('new')}
            </Button>
          }
          empty={{ icon: <IconUsersGroup size={32} color="var(--mantine-color-gray-5)" />, text: debounced.trim() ? t('noMatch') : t('empty'), testId: 'groups-empty' }}
          pagination={{ page, totalPages: list.data?.pagination.total_pages ?? 1, onChange: setPage, testId: 'groups-pagination' }}
        />
      </Paper>
      <Text size="sm" c="dimmed" data-testid="groups-note">
        {t('note')}
      </Text>
      {editing ? <GroupFormModal editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {viewing ? <GroupMembersDrawer group={viewing} onClose={() => setViewing(null)} /> : null}
    </Stack>
  );
}
