import type { AdminMember } from '@app/contracts/admin-members';
import type { MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { Button, Center, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCoins, IconDownload, IconTrash, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledPagination } from '../../../components/labelled-pagination';
import { errorMessage, type MessageOverrides } from '../../../lib/status-messages';
import { useAuth } from '../../../lib/use-auth';
import { useBulkDeleteMembers } from '../api/bulk-delete-members';
import { useBulkUpdateCreditQuota } from '../api/bulk-update-credit-quota';
import { useAdminMembers } from '../api/list-admin-members';
import { useMemberActions } from '../hooks/use-member-actions';
import { useMembersExport } from '../hooks/use-members-export';
import { BulkCreditModal } from './bulk-credit-modal';
import { BulkResults, type BulkOutcome } from './bulk-results';
import { confirm } from '../../../components/kit/confirm';
import { ExportModal } from './export-modal';
import { MemberEditModal } from './member-edit-modal';
import { MemberFilters, NO_FILTERS, type MemberFilterValues } from './member-filters';
import { MembersTable } from './members-table';

/** Spec §8 "Members": a failed bulk delete asks to refresh the browser; §8 "credit quota update error". */
const bulkDeleteErrors: MessageOverrides = { otherwise: 'admin-members:toast.bulkFailed' };
const creditErrors: MessageOverrides = { otherwise: 'admin-members:toast.creditFailed' };

const label = (m: AdminMember) => `${m.name} (${m.email})`;

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
  const [selected, setSelected] = useState<ReadonlyMap<number, AdminMember>>(new Map());
  const [editing, setEditing] = useState<AdminMember | null>(null);
  const [bulkCredit, setBulkCredit] = useState(false);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const list = useAdminMembers({
    page,
    search,
    groupId: filters.groupId ? Number(filters.groupId) : undefined,
    isAdmin: filters.admin === 'all' ? undefined : filters.admin === 'yes',
    status: filters.status === 'all' ? undefined : filters.status,
    orderBy: filters.orderBy,
  });
  const actions = useMemberActions();
  const credit = useBulkUpdateCreditQuota();
  const bulkDelete = useBulkDeleteMembers();
  const exporter = useMembersExport();

  const items = list.data?.items ?? [];
  const pages = list.data?.pagination.total_pages ?? 1;
  const filtered = search.trim() !== '' || filters.groupId !== '' || filters.admin !== 'all' || filters.status !== 'all';

  useEffect(() => {
    if (list.isError) notifications.show({ id: 'members-load', color: 'red', title: t('toast.loadFailed'), message: errorMessage(t, list.error) });
  }, [list.isError, list.error, t]);

  // A page emptied by deletions: go back one.
  useEffect(() => {
    if (list.data && list.data.items.length === 0 && page > 1) setPage(page - 1);
  }, [list.data, page]);

  const select = (members: AdminMember[], on: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      for (const m of members) {
        if (on) next.set(m.id, m);
        else next.delete(m.id);
      }
      return next;
    });

  const labelsOf = (members: Iterable<AdminMember>) => new Map([...members].map((m) => [m.id, label(m)]));

  const applyCredit = (quota: number | null) => {
    const chosen = [...selected.values()];
    credit.mutate(
      { member_ids: chosen.map((m) => m.id), credit_quota: quota },
      {
        onSuccess: (res) => {
          setBulkCredit(false);
          if (res.items.every((i) => i.ok)) notifications.show({ color: 'green', message: t('toast.creditSet') });
          else setOutcome({ items: res.items, labels: labelsOf(chosen) });
          setSelected(new Map());
        },
        onError: (err) => notifications.show({ color: 'red', message: errorMessage(t, err, creditErrors) }),
      },
    );
  };

  const confirmBulkDelete = () => {
    const chosen = [...selected.values()];
    const only = chosen.length === 1 ? chosen[0]! : null;
    confirm({
      title: t('confirm.deleteTitle'),
      body: only ? t('confirm.deleteBody', { name: only.name, email: only.email }) : t('confirm.deleteManyBody', { count: chosen.length }),
      confirm: t('confirm.delete'),
      cancel: t('cancel'),
      testId: 'confirm-bulk-delete',
      onConfirm: () =>
        bulkDelete.mutate(
          chosen.map((m) => m.id),
          {
            onSuccess: (res) => {
              setSelected(new Map());
              if (res.items.every((i) => i.ok)) notifications.show({ color: 'green', message: t('toast.bulkDeleted') });
              else setOutcome({ items: res.items, labels: labelsOf(chosen) });
            },
            onError: (err) => notifications.show({ color: 'red', message: errorMessage(t, err, bulkDeleteErrors) }),
          },
        ),
    });
  };

  return (
    <Stack gap="lg" p="xl" maw={1200}>
      {outcome ? <BulkResults outcome={outcome} onClose={() => setOutcome(null)} /> : null}
      <Paper withBorder radius="md">
        <Stack gap="sm" px="md" py="sm">
          <Group gap="sm" wrap="wrap">
            <MemberFilters
              value={filters}
              groups={groups}
              onChange={(v) => {
                setFilters(v);
                setPage(1);
              }}
            />
          </Group>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fw={600} data-testid="members-total">
              {t('total', { count: list.data?.pagination.total_items ?? 0 })}
            </Text>
            <Group gap="xs" wrap="wrap">
              {selected.size > 0 ? (
                <Group gap="xs" wrap="wrap" data-testid="members-bulk">
                  <Text size="sm">{t('selected', { count: selected.size })}</Text>
                  <Button size="xs" variant="subtle" onClick={() => setSelected(new Map())} data-testid="members-clear-selection">
                    {t('clearSelection')}
                  </Button>
                  <Button size="xs" variant="light" leftSection={<IconCoins size={14} />} onClick={() => setBulkCredit(true)} data-testid="bulk-credit">
                    {t('bulk.creditQuota')}
                  </Button>
                  <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} loading={bulkDelete.isPending} onClick={confirmBulkDelete} data-testid="bulk-delete-members">
                    {t('bulk.delete')}
                  </Button>
                </Group>
              ) : null}
              <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} onClick={exporter.begin} data-testid="export-members">
                {t('export.button')}
              </Button>
            </Group>
          </Group>
        </Stack>
        {list.isPending ? (
          <Stack p="md" data-testid="members-loading">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} height={40} />
            ))}
          </Stack>
        ) : items.length === 0 ? (
          <Center py={48}>
            <Stack align="center" gap={6} data-testid="members-empty">
              <IconUsers size={32} color="var(--mantine-color-gray-5)" />
              <Text c="dimmed">{filtered ? t('noMatch') : t('empty')}</Text>
              {filtered ? (
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => {
                    setFilters({ ...NO_FILTERS, orderBy: filters.orderBy });
                    setPage(1);
                  }}
                  data-testid="members-clear-filters"
                >
                  {t('clearFilters')}
                </Button>
              ) : null}
            </Stack>
          </Center>
        ) : (
          <MembersTable
            items={items}
            groups={groups}
            selfId={selfId}
            selected={new Set(selected.keys())}
            onSelect={select}
            actions={{ ...actions, edit: setEditing }}
            busy={actions.busy}
          />
        )}
        {pages > 1 ? (
          <Group justify="center" py="sm">
            <LabelledPagination total={pages} value={page} onChange={setPage} siblings={1} data-testid="members-pagination" />
          </Group>
        ) : null}
      </Paper>
      {editing ? <MemberEditModal member={editing} groups={groups} onClose={() => setEditing(null)} /> : null}
      {bulkCredit ? <BulkCreditModal count={selected.size} loading={credit.isPending} onApply={applyCredit} onClose={() => setBulkCredit(false)} /> : null}
      {exporter.open ? (
        <ExportModal task={exporter.task} phase={exporter.phase} problem={exporter.problem} error={exporter.error} onDownloadAgain={exporter.downloadAgain} onRetry={exporter.begin} onClose={exporter.close} />
      ) : null}
    </Stack>
  );
}
