import type { Invitation } from '@app/contracts/invitations';
import type { MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconFileUpload, IconMailForward, IconMailPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/kit/confirm';
import { useListPage } from '../../../components/kit/use-list-page';
import { DataTable } from '../../../components/kit/data-table';
import { useMutationWithToast } from '../../../components/kit/use-mutation-with-toast';
import { useDeleteInvitations } from '../api/delete-invitations';
import { useInvitations } from '../api/list-invitations';
import { useResendInvitation } from '../api/resend-invitation';
import { summarize, useUpload } from '../lib/upload-store';
import { BulkInviteModal } from './bulk-invite-modal';
import { useInvitationColumns } from './invitation-columns';
import { InviteModal } from './invite-modal';

type StatusFilter = 'all' | Invitation['status'];

/** Console "Invitations": who was invited and how it stands; invite, resend, delete. */
/** `embedded`: shown as a tab of a page that has the title already (the console's Members). */
export function InvitationsPage({ groups, embedded = false }: { groups: MemberGroupSummary[]; embedded?: boolean }) {
  const { t } = useTranslation('invitations');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<StatusFilter>('all');
  // Set 300 ms after the last key (the kit's search box, spec §9).
  const [debounced, setDebounced] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [inviting, setInviting] = useState(false);
  const [bulk, setBulk] = useState(false);
  const upload = useUpload();
  const uploading = upload ? summarize(upload) : null;
  const list = useInvitations({ page, search_term: debounced, status: status === 'all' ? undefined : status });
  const items = list.data?.items ?? [];
  const emailOf = (id: number) => items.find((i) => i.id === id)?.email ?? '';
  const resend = useMutationWithToast(useResendInvitation(), { success: (_res, id) => t('toast.resent', { email: emailOf(id) }), error: t('toast.resendFailed') });
  const remove = useMutationWithToast(useDeleteInvitations(), { success: (res) => t('toast.deleted', { count: res.deleted }), error: t('toast.deleteFailed') });

  useListPage({ query: list, page, setPage, loadFailed: t('toast.loadFailed'), toastId: 'invitations-load' });

  const confirmDelete = (targets: Invitation[]) =>
    confirm({
      title: t('delete.title'),
      body: targets.length === 1 ? t('delete.bodyOne', { email: targets[0]!.email }) : t('delete.bodyMany', { count: targets.length }),
      confirm: t('delete.confirm'),
      cancel: t('cancel'),
      testId: 'confirm-delete-invitations',
      onConfirm: () =>
        remove.run(
          targets.map((i) => i.id),
          () => setSelected((s) => s.filter((id) => !targets.some((x) => x.id === id))),
        ),
    });

  const chosen = items.filter((i) => selected.includes(i.id));

  const columns = useInvitationColumns({ groups, resend, onDelete: (inv) => confirmDelete([inv]) });

  return (
    <Stack gap="lg" p="xl" maw={1200}>
      <Group justify="space-between" align="flex-start">
        <div>
          {!embedded && <Title order={2}>{t('title')}</Title>}
          <Text c="dimmed">{t('description')}</Text>
        </div>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconFileUpload size={16} />} onClick={() => setBulk(true)} data-testid="bulk-invite-open">
            {uploading?.running ? t('bulk.openRunning', { percent: uploading.percent }) : t('bulk.open')}
          </Button>
          <Button leftSection={<IconMailPlus size={16} />} onClick={() => setInviting(true)} data-testid="invite-members">
            {t('invite.open')}
          </Button>
        </Group>
      </Group>
      <Paper withBorder radius="md">
        <DataTable
          rows={items}
          columns={columns}
          rowKey={(inv) => inv.id}
          rowTestId={(inv) => `invitation-row-${inv.id}`}
          testId="invitations-table"
          minWidth={860}
          query={list}
          search={{
            placeholder: t('search'),
            testId: 'invitations-search',
            onSearch: (v) => {
              setDebounced(v);
              setPage(1);
            },
          }}
          filters={
            <>
              <SegmentedControl
                size="xs"
                value={status}
                onChange={(v) => {
                  setStatus(v as StatusFilter);
                  setPage(1);
                  setSelected([]);
                }}
                data={(['all', 'pending', 'accepted', 'expired'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))}
                data-testid="invitations-status"
              />
              <Text fw={600} data-testid="invitations-total">
                {t('total', { count: list.data?.pagination.total_items ?? 0 })}
              </Text>
            </>
          }
          selection={{
            selected,
            onChange: (keys) => setSelected(keys as number[]),
            rowLabel: (inv) => t('select', { email: inv.email }),
            rowTestId: (inv) => `invitation-select-${inv.id}`,
            pageLabel: t('selectPage'),
            actions: (
              <Button size="xs" color="red" variant="light" leftSection={<IconTrash size={14} />} loading={remove.isPending} onClick={() => confirmDelete(chosen)} data-testid="bulk-delete-invitations">
                {t('deleteSelected')}
              </Button>
            ),
          }}
          empty={{ icon: <IconMailForward size={32} color="var(--mantine-color-gray-5)" />, text: debounced.trim() || status !== 'all' ? t('noMatch') : t('empty'), testId: 'invitations-empty' }}
          pagination={{ page, totalPages: list.data?.pagination.total_pages ?? 1, onChange: setPage, testId: 'invitations-pagination' }}
        />
      </Paper>
      {inviting ? <InviteModal groups={groups} onClose={() => setInviting(false)} /> : null}
      <BulkInviteModal groups={groups} opened={bulk} onClose={() => setBulk(false)} />
    </Stack>
  );
}
