import type { AdminMember } from '@app/contracts/admin-members';
import type { MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconUserCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListPage } from '../../../components/kit/use-list-page';
import { DataTable, type RowKey } from '../../../components/kit/data-table';
import { useMutationWithToast } from '../../../components/kit/use-mutation-with-toast';
import type { MessageOverrides } from '../../../lib/status-messages';
import { useBulkProcessPendingRequests } from '../api/bulk-process-pending-requests';
import { usePendingMembers } from '../api/list-pending-members';
import { useProcessPendingRequest } from '../api/process-pending-request';
import { usePendingColumns } from './pending-columns';
import { type Outcome, PendingResults } from './pending-results';
import { RejectModal } from './reject-modal';

/** Spec §8: a failed bulk approval or rejection asks to refresh the browser. */
const bulkErrors: MessageOverrides = { otherwise: 'pending-requests:toast.bulkFailed' };

/** Console "Pending requests": registrations waiting for approval; approve, or reject with a reason. */
/** `embedded`: shown as a tab of a page that has the title already (the console's Members). */
export function PendingRequestsPage({ groups, embedded = false }: { groups: MemberGroupSummary[]; embedded?: boolean }) {
  const { t } = useTranslation('pending-requests');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [rejecting, setRejecting] = useState<AdminMember[] | null>(null);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const list = usePendingMembers(page, search);
  const approve = useMutationWithToast(useProcessPendingRequest(), { success: (_, v) => t('toast.approved', { name: nameOf(v.id) }), error: t('toast.approveFailed') });
  const rejectOne = useMutationWithToast(approve.mutation, { success: (_, v) => t('toast.rejected', { name: nameOf(v.id) }), error: t('toast.rejectFailed') });
  const bulk = useMutationWithToast(useBulkProcessPendingRequests(), { overrides: bulkErrors });

  const items = list.data?.items ?? [];
  const names = new Map<number, string>();
  for (const m of [...items, ...(rejecting ?? [])]) names.set(m.id, m.name);
  const nameOf = (id: number) => names.get(id) ?? `#${id}`;
  const label = (m: AdminMember) => `${m.name} (${m.email})`;

  useListPage({ query: list, page, setPage, loadFailed: t('toast.loadFailed'), toastId: 'pending-load' });

  const decideMany = (members: AdminMember[], yes: boolean, reason?: string) => {
    const labels = new Map(members.map((m) => [m.id, label(m)]));
    bulk.run({ member_ids: members.map((m) => m.id), approve: yes, reason }, (res) => {
      setOutcomes(res.items.map((r) => ({ ...r, label: labels.get(r.member_id) ?? `#${r.member_id}` })));
      setSelected([]);
      setRejecting(null);
    });
  };

  const reject = (reason: string) => {
    if (!rejecting) return;
    if (rejecting.length > 1) return decideMany(rejecting, false, reason);
    const m = rejecting[0]!;
    rejectOne.run({ id: m.id, body: { approve: false, reason } }, () => {
      setRejecting(null);
      setSelected((s) => s.filter((id) => id !== m.id));
    });
  };

  const busy = approve.isPending || bulk.isPending;
  const columns = usePendingColumns({ groups, busy, onApprove: (m) => approve.run({ id: m.id, body: { approve: true } }), onReject: (m) => setRejecting([m]) });
  const chosen = items.filter((m) => selected.includes(m.id));

  return (
    <Stack gap="lg" p="xl" maw={1200}>
      <div>
        {!embedded && <Title order={2}>{t('title')}</Title>}
        <Text c="dimmed">{t('description')}</Text>
      </div>
      {outcomes ? <PendingResults outcomes={outcomes} onClose={() => setOutcomes(null)} /> : null}
      <Paper withBorder radius="md">
        <DataTable
          rows={items}
          columns={columns}
          rowKey={(m) => m.id}
          rowTestId={(m) => `pending-row-${m.id}`}
          testId="pending-table"
          minWidth={880}
          query={list}
          empty={{ icon: <IconUserCheck size={32} color="var(--mantine-color-gray-5)" />, text: search.trim() ? t('noMatch') : t('empty'), testId: 'pending-empty' }}
          search={{
            placeholder: t('search'),
            testId: 'pending-search',
            onSearch: (v) => {
              setSearch(v);
              setPage(1);
            },
          }}
          filters={
            <Text fw={600} data-testid="pending-total">
              {t('total', { count: list.data?.pagination.total_items ?? 0 })}
            </Text>
          }
          pagination={{ page, totalPages: list.data?.pagination.total_pages ?? 1, onChange: setPage, testId: 'pending-pagination' }}
          selection={{
            selected,
            onChange: setSelected,
            rowLabel: (m) => t('select', { name: m.name }),
            rowTestId: (m) => `pending-select-${m.id}`,
            pageLabel: t('selectPage'),
            summary: t('selected', { count: selected.length }),
            actions: (
              <>
                <Button size="xs" leftSection={<IconCheck size={14} />} loading={bulk.isPending} disabled={busy} onClick={() => decideMany(chosen, true)} data-testid="bulk-approve">
                  {t('approveSelected')}
                </Button>
                <Button size="xs" color="red" variant="light" leftSection={<IconX size={14} />} disabled={busy} onClick={() => setRejecting(chosen)} data-testid="bulk-reject">
                  {t('rejectSelected')}
                </Button>
              </>
            ),
          }}
        />
      </Paper>
      {rejecting ? <RejectModal count={rejecting.length} name={rejecting.length === 1 ? rejecting[0]!.name : undefined} loading={busy} onReject={reject} onClose={() => setRejecting(null)} /> : null}
    </Stack>
  );
}
