import type { AdminMember } from '@app/contracts/admin-members';
import type { MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCoins, IconDownload, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListPage } from '../../../components/kit/use-list-page';
import { DataTable } from '../../../components/kit/data-table';
import { useAuth } from '../../../lib/use-auth';
import { useAdminMembers } from '../api/list-admin-members';
import { useBulkMemberActions } from '../hooks/use-bulk-member-actions';
import { useMemberActions } from '../hooks/use-member-actions';
import { useMembersExport } from '../hooks/use-members-export';
import { BulkCreditModal } from './bulk-credit-modal';
import { BulkResults } from './bulk-results';
import { ExportModal } from './export-modal';
import { MemberEditModal } from './member-edit-modal';
import { MemberFilters, NO_FILTERS, type MemberFilterValues } from './member-filters';
import { useMemberColumns } from './members-table';

/**
 * Console "Members", the all-members tab: searched, filtered, sorted and paged on the server; a
 * row's actions (edit, admin right, deactivate, delete, leave a group); bulk credit limit and
 * delete on the selection (kept across pages); the CSV export.
 */
export function MembersPage({ groups }: { groups: MemberGroupSummary[] }) {
  const { t } = useTranslation('admin-members');
  const selfId = useAuth().member?.id ?? null;
  const [filters, setFilters] = useState<MemberFilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [search] = useDebouncedValue(filters.search, 300);
  const [editing, setEditing] = useState<AdminMember | null>(null);
  const list = useAdminMembers({
    page,
    search,
    groupId: filters.groupId ? Number(filters.groupId) : undefined,
    isAdmin: filters.admin === 'all' ? undefined : filters.admin === 'yes',
    status: filters.status === 'all' ? undefined : filters.status,
    orderBy: filters.orderBy,
  });
  const actions = useMemberActions();
  const bulk = useBulkMemberActions();
  const exporter = useMembersExport();
  const columns = useMemberColumns({ groups, selfId, actions: { ...actions, edit: setEditing }, busy: actions.busy });

  const items = list.data?.items ?? [];
  const filtered = search.trim() !== '' || filters.groupId !== '' || filters.admin !== 'all' || filters.status !== 'all';
  const filter = (v: MemberFilterValues) => {
    setFilters(v);
    setPage(1);
  };

  useListPage({ query: list, page, setPage, loadFailed: t('toast.loadFailed'), toastId: 'members-load' });

  return (
    <Stack gap="lg" p="xl" maw={1200}>
      {bulk.outcome ? <BulkResults outcome={bulk.outcome} onClose={bulk.closeOutcome} /> : null}
      <Paper withBorder radius="md">
        <DataTable
          rows={items}
          columns={columns}
          rowKey={(m) => m.id}
          rowTestId={(m) => `member-row-${m.id}`}
          testId="members-table"
          minWidth={940}
          cardsOnPhone={false}
          query={list}
          skeletonTestId="members-loading"
          empty={{
            icon: <IconUsers size={32} color="var(--mantine-color-gray-5)" />,
            text: filtered ? t('noMatch') : t('empty'),
            testId: 'members-empty',
            action: filtered ? (
              <Button size="xs" variant="subtle" onClick={() => filter({ ...NO_FILTERS, orderBy: filters.orderBy })} data-testid="members-clear-filters">
                {t('clearFilters')}
              </Button>
            ) : undefined,
          }}
          filters={<MemberFilters value={filters} groups={groups} onChange={filter} />}
          toolbar={
            // Grows to the row's width once the filters wrap: the total at the start, the export at the end.
            <Group gap="sm" wrap="wrap" justify="space-between" style={{ flexGrow: 1 }}>
              <Text fw={600} data-testid="members-total">
                {t('total', { count: list.data?.pagination.total_items ?? 0 })}
              </Text>
              <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} onClick={exporter.begin} data-testid="export-members">
                {t('export.button')}
              </Button>
            </Group>
          }
          pagination={{ page, totalPages: list.data?.pagination.total_pages ?? 1, onChange: setPage, testId: 'members-pagination' }}
          selection={{
            selected: [...bulk.selected.keys()],
            onChange: (keys) => bulk.choose(keys, items),
            rowLabel: (m) => t('select', { name: m.name }),
            rowTestId: (m) => `member-select-${m.id}`,
            pageLabel: t('selectPage'),
            summary: t('selected', { count: bulk.selected.size }),
            testId: 'members-bulk',
            actions: (
              <>
                <Button size="xs" variant="subtle" onClick={bulk.clear} data-testid="members-clear-selection">
                  {t('clearSelection')}
                </Button>
                <Button size="xs" variant="light" leftSection={<IconCoins size={14} />} onClick={() => bulk.setCreditOpen(true)} data-testid="bulk-credit">
                  {t('bulk.creditQuota')}
                </Button>
                <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} loading={bulk.deletePending} onClick={bulk.confirmDelete} data-testid="bulk-delete-members">
                  {t('bulk.delete')}
                </Button>
              </>
            ),
          }}
        />
      </Paper>
      {editing ? <MemberEditModal member={editing} groups={groups} onClose={() => setEditing(null)} /> : null}
      {bulk.creditOpen ? <BulkCreditModal count={bulk.selected.size} loading={bulk.creditPending} onApply={bulk.applyCredit} onClose={() => bulk.setCreditOpen(false)} /> : null}
      {exporter.open ? (
        <ExportModal task={exporter.task} phase={exporter.phase} problem={exporter.problem} error={exporter.error} onDownloadAgain={exporter.downloadAgain} onRetry={exporter.begin} onClose={exporter.close} />
      ) : null}
    </Stack>
  );
}
