import type { AdminMember, ProcessPendingResponse } from '@app/contracts/admin-members';
import type { MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { Alert, Badge, Button, Center, Checkbox, Group, Pagination, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconSearch, IconUserCheck, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage, type MessageOverrides } from '../../../lib/status-messages';
import { useBulkProcessPendingRequests } from '../api/bulk-process-pending-requests';
import { usePendingMembers } from '../api/list-pending-members';
import { useProcessPendingRequest } from '../api/process-pending-request';
import { RejectModal } from './reject-modal';

/** Spec §8: a failed bulk approval or rejection asks to refresh the browser. */
const bulkErrors: MessageOverrides = { otherwise: 'pending-requests:toast.bulkFailed' };

type Outcome = ProcessPendingResponse['items'][number] & { label: string };

/** Console "Pending requests": registrations waiting for approval; approve, or reject with a reason. */
/** `embedded`: shown as a tab of a page that has the title already (the console's Members). */
export function PendingRequestsPage({ groups, embedded = false }: { groups: MemberGroupSummary[]; embedded?: boolean }) {
  const { t, i18n } = useTranslation('pending-requests');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [selected, setSelected] = useState<number[]>([]);
  const [rejecting, setRejecting] = useState<AdminMember[] | null>(null);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const list = usePendingMembers(page, debounced);
  const one = useProcessPendingRequest();
  const bulk = useBulkProcessPendingRequests();

  const items = list.data?.items ?? [];
  const pages = list.data?.pagination.total_pages ?? 1;
  const total = list.data?.pagination.total_items ?? 0;
  const groupName = (id: number | null) => {
    const g = groups.find((x) => x.id === id);
    return g ? localizedName(g, i18n.language) : '—';
  };
  /** The default group first, then the additional ones. */
  const groupNames = (g: { default_member_group_id: number | null; member_group_ids: number[] }) =>
    [g.default_member_group_id, ...g.member_group_ids.filter((id) => id !== g.default_member_group_id)].map(groupName).join(', ');
  const label = (m: AdminMember) => `${m.name} (${m.email})`;
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : '—');

  useEffect(() => {
    if (list.isError) notifications.show({ id: 'pending-load', color: 'red', title: t('toast.loadFailed'), message: errorMessage(t, list.error) });
  }, [list.isError, list.error, t]);

  // A page with every row handled leaves an empty page behind: go back one.
  useEffect(() => {
    if (list.data && list.data.items.length === 0 && page > 1) setPage(page - 1);
  }, [list.data, page]);

  const approveOne = (m: AdminMember) =>
    one.mutate(
      { id: m.id, body: { approve: true } },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('toast.approved', { name: m.name }) }),
        onError: (err) => notifications.show({ color: 'red', title: t('toast.approveFailed'), message: errorMessage(t, err) }),
      },
    );

  const decideMany = (members: AdminMember[], approve: boolean, reason?: string) => {
    const labels = new Map(members.map((m) => [m.id, label(m)]));
    bulk.mutate(
      { member_ids: members.map((m) => m.id), approve, reason },
      {
        onSuccess: (res) => {
          setOutcomes(res.items.map((r) => ({ ...r, label: labels.get(r.member_id) ?? `#${r.member_id}` })));
          setSelected([]);
          setRejecting(null);
        },
        onError: (err) => notifications.show({ color: 'red', message: errorMessage(t, err, bulkErrors) }),
      },
    );
  };

  const reject = (reason: string) => {
    if (!rejecting) return;
    if (rejecting.length > 1) return decideMany(rejecting, false, reason);
    const m = rejecting[0]!;
    one.mutate(
      { id: m.id, body: { approve: false, reason } },
      {
        onSuccess: () => {
          setRejecting(null);
          setSelected((s) => s.filter((id) => id !== m.id));
          notifications.show({ color: 'green', message: t('toast.rejected', { name: m.name }) });
        },
        onError: (err) => notifications.show({ color: 'red', title: t('toast.rejectFailed'), message: errorMessage(t, err) }),
      },
    );
  };

  const pageIds = items.map((m) => m.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const someOnPage = pageIds.some((id) => selected.includes(id));
  const chosen = items.filter((m) => selected.includes(m.id));
  const busy = one.isPending || bulk.isPending;

  return (
    <Stack gap="lg" p="xl" maw={1200}>
      <div>
        {!embedded && <Title order={2}>{t('title')}</Title>}
        <Text c="dimmed">{t('description')}</Text>
      </div>
      {outcomes ? (
        <Alert title={t('results.title')} color={outcomes.some((o) => o.status === 'failed') ? 'indigo' : 'teal'} withCloseButton closeButtonLabel={t('results.close')} onClose={() => setOutcomes(null)} data-testid="pending-results">
          <Stack gap={4}>
            {outcomes.map((o) => (
              <Group key={o.member_id} gap="xs" wrap="nowrap" data-testid={`pending-result-${o.member_id}`}>
                <Badge color={o.status === 'failed' ? 'red' : o.status === 'active' ? 'teal' : 'gray'} variant="dot" miw={100}>
                  {t(`results.status.${o.status}`)}
                </Badge>
                <Text size="sm">{o.label}</Text>
                {o.error_code ? (
                  <Text size="sm" fw={500}>
                    {t(`results.errors.${o.error_code}`, { defaultValue: t('results.errors.unknown') })}
                  </Text>
                ) : null}
              </Group>
            ))}
          </Stack>
        </Alert>
      ) : null}
      <Paper withBorder radius="md">
        <Group px="md" py="sm" justify="space-between" wrap="wrap">
          <Group gap="sm">
            <TextInput
              aria-label={t('search')}
              placeholder={t('search')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              w={280}
              data-testid="pending-search"
            />
            <Text fw={600} data-testid="pending-total">
              {t('total', { count: total })}
            </Text>
          </Group>
          {chosen.length > 0 ? (
            <Group gap="xs" data-testid="pending-bulk">
              <Text size="sm">{t('selected', { count: chosen.length })}</Text>
              <Button size="xs" leftSection={<IconCheck size={14} />} loading={bulk.isPending} disabled={busy} onClick={() => decideMany(chosen, true)} data-testid="bulk-approve">
                {t('approveSelected')}
              </Button>
              <Button size="xs" color="red" variant="light" leftSection={<IconX size={14} />} disabled={busy} onClick={() => setRejecting(chosen)} data-testid="bulk-reject">
                {t('rejectSelected')}
              </Button>
            </Group>
          ) : null}
        </Group>
        {list.isPending ? (
          <Stack p="md">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={36} />
            ))}
          </Stack>
        ) : items.length === 0 ? (
          <Center py={48}>
            <Stack align="center" gap={4} data-testid="pending-empty">
              <IconUserCheck size={32} color="var(--mantine-color-gray-5)" />
              <Text c="dimmed">{debounced.trim() ? t('noMatch') : t('empty')}</Text>
            </Stack>
          </Center>
        ) : (
          <Table.ScrollContainer minWidth={880}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="pending-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('selectPage')}
                      checked={allOnPage}
                      indeterminate={someOnPage && !allOnPage}
                      onChange={() => setSelected(allOnPage ? selected.filter((id) => !pageIds.includes(id)) : [...new Set([...selected, ...pageIds])])}
                      data-testid="pending-select-page"
                    />
                  </Table.Th>
                  <Table.Th>{t('columns.member')}</Table.Th>
                  <Table.Th w={130}>{t('columns.request')}</Table.Th>
                  <Table.Th w={240}>{t('columns.group')}</Table.Th>
                  <Table.Th w={190}>{t('columns.requestedAt')}</Table.Th>
                  <Table.Th w={190} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((m) => (
                  <Table.Tr key={m.id} data-testid={`pending-row-${m.id}`}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('select', { name: m.name })}
                        checked={selected.includes(m.id)}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          setSelected((s) => (on ? [...s, m.id] : s.filter((id) => id !== m.id)));
                        }}
                        data-testid={`pending-select-${m.id}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text fw={500} size="sm">
                        {m.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {m.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={m.pending_request === 'group_change' ? 'grape' : 'indigo'} data-testid={`pending-kind-${m.id}`}>
                        {t(`kind.${m.pending_request === 'group_change' ? 'groupChange' : 'registration'}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {m.pending_request === 'group_change' && m.requested_groups ? (
                        <>
                          <Text size="sm">{groupNames(m.requested_groups)}</Text>
                          <Text size="xs" c="dimmed">
                            {t('currentGroups', { groups: groupNames(m) })}
                          </Text>
                        </>
                      ) : (
                        <Text size="sm">{groupNames(m)}</Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{date(m.requested_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-sm" leftSection={<IconCheck size={14} />} aria-label={t('approveOne', { name: m.name })} onClick={() => approveOne(m)} disabled={busy} data-testid={`approve-${m.id}`}>
                          {t('approve')}
                        </Button>
                        <Button size="compact-sm" variant="light" color="red" leftSection={<IconX size={14} />} aria-label={t('rejectOne', { name: m.name })} onClick={() => setRejecting([m])} disabled={busy} data-testid={`reject-${m.id}`}>
                          {t('reject.title')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 ? (
          <Group justify="center" py="sm">
            <Pagination total={pages} value={page} onChange={setPage} data-testid="pending-pagination" />
          </Group>
        ) : null}
      </Paper>
      {rejecting ? (
        <RejectModal
          count={rejecting.length}
          name={rejecting.length === 1 ? rejecting[0]!.name : undefined}
          loading={one.isPending || bulk.isPending}
          onReject={reject}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </Stack>
  );
}
