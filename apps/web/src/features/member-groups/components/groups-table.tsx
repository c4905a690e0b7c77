import type { MemberGroup } from '@app/contracts/member-groups';
import { Button, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/kit/confirm';
import { useListPage } from '../../../components/kit/use-list-page';
import { DataTable } from '../../../components/kit/data-table';
import { toast } from '../../../components/kit/use-mutation-with-toast';
import { type AdminGroupOrder as GroupOrder, useAdminMemberGroups } from '../../../entities/member-groups';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { groupErrorOverrides } from '../lib/group-errors';
import { useDeleteMemberGroup } from '../api/delete-member-group';
import { GROUPS_PAGE_SIZE } from '../api/list-admin-member-groups';
import { GroupFormModal } from './group-form-modal';
import { useGroupColumns } from './group-columns';
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

  useListPage({ query: list, page, setPage, loadFailed: t('toast.loadFailed'), toastId: 'groups-load' });

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

  const columns = useGroupColumns({ onView: setViewing, onEdit: setEditing, onDelete: confirmDelete });

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
