import type { Invitation } from '@app/contracts/invitations';
import type { MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { ActionIcon, Badge, Button, Center, Checkbox, Group, Pagination, Paper, SegmentedControl, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileUpload, IconMailForward, IconMailPlus, IconSearch, IconSend, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/kit/confirm';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useDeleteInvitations } from '../api/delete-invitations';
import { useInvitations } from '../api/list-invitations';
import { useInviteSsoPlatforms } from '../api/list-sso-platforms';
import { useResendInvitation } from '../api/resend-invitation';
import { summarize, useUpload } from '../lib/upload-store';
import { BulkInviteModal } from './bulk-invite-modal';
import { InviteModal } from './invite-modal';

type StatusFilter = 'all' | Invitation['status'];
const STATUS_COLOR: Record<Invitation['status'], string> = { pending: 'blue', accepted: 'teal', expired: 'gray' };

/** Console "Invitations": who was invited and how it stands; invite, resend, delete. */
/** `embedded`: shown as a tab of a page that has the title already (the console's Members). */
export function InvitationsPage({ groups, embedded = false }: { groups: MemberGroupSummary[]; embedded?: boolean }) {
  const { t, i18n } = useTranslation('invitations');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [selected, setSelected] = useState<number[]>([]);
  const [inviting, setInviting] = useState(false);
  const [bulk, setBulk] = useState(false);
  const upload = useUpload();
  const uploading = upload ? summarize(upload) : null;
  const list = useInvitations({ page, search_term: debounced, status: status === 'all' ? undefined : status });
  const resend = useResendInvitation();
  const ssoPlatforms = useInviteSsoPlatforms().data?.items ?? [];
  const platformName = (id: number) => ssoPlatforms.find((p) => p.id === id)?.name ?? `#${id}`;
  const remove = useDeleteInvitations();

  const items = list.data?.items ?? [];
  const pages = list.data?.pagination.total_pages ?? 1;
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  const groupName = (id: number | null) => {
    const g = groups.find((x) => x.id === id);
    return g ? localizedName(g, i18n.language) : '—';
  };

  useEffect(() => {
    if (list.isError) notifications.show({ id: 'invitations-load', color: 'red', title: t('toast.loadFailed'), message: errorMessage(t, list.error) });
  }, [list.isError, list.error, t]);

  // A page emptied by deletions: go back one.
  useEffect(() => {
    if (list.data && list.data.items.length === 0 && page > 1) setPage(page - 1);
  }, [list.data, page]);

  const confirmDelete = (targets: Invitation[]) =>
    confirm({
      title: t('delete.title'),
      body: targets.length === 1 ? t('delete.bodyOne', { email: targets[0]!.email }) : t('delete.bodyMany', { count: targets.length }),
      confirm: t('delete.confirm'),
      cancel: t('cancel'),
      testId: 'confirm-delete-invitations',
      onConfirm: () =>
        remove.mutate(
          targets.map((i) => i.id),
          {
            onSuccess: (res) => {
              setSelected((s) => s.filter((id) => !targets.some((x) => x.id === id)));
              notifications.show({ color: 'green', message: t('toast.deleted', { count: res.deleted }) });
            },
            onError: (err) => notifications.show({ color: 'red', title: t('toast.deleteFailed'), message: errorMessage(t, err) }),
          },
        ),
    });

  const resendOne = (inv: Invitation) =>
    resend.mutate(inv.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('toast.resent', { email: inv.email }) }),
      onError: (err) => notifications.show({ color: 'red', title: t('toast.resendFailed'), message: errorMessage(t, err) }),
    });

  const pageIds = items.map((i) => i.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const someOnPage = pageIds.some((id) => selected.includes(id));
  const chosen = items.filter((i) => selected.includes(i.id));

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
              w={260}
              data-testid="invitations-search"
            />
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
          </Group>
          {chosen.length > 0 ? (
            <Group gap="xs">
              <Text size="sm">{t('selected', { count: chosen.length })}</Text>
              <Button size="xs" color="red" variant="light" leftSection={<IconTrash size={14} />} loading={remove.isPending} onClick={() => confirmDelete(chosen)} data-testid="bulk-delete-invitations">
                {t('deleteSelected')}
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
            <Stack align="center" gap={4} data-testid="invitations-empty">
              <IconMailForward size={32} color="var(--mantine-color-gray-5)" />
              <Text c="dimmed">{debounced.trim() || status !== 'all' ? t('noMatch') : t('empty')}</Text>
            </Stack>
          </Center>
        ) : (
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="invitations-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('selectPage')}
                      checked={allOnPage}
                      indeterminate={someOnPage && !allOnPage}
                      onChange={() => setSelected(allOnPage ? selected.filter((id) => !pageIds.includes(id)) : [...new Set([...selected, ...pageIds])])}
                    />
                  </Table.Th>
                  <Table.Th>{t('columns.person')}</Table.Th>
                  <Table.Th w={170}>{t('columns.group')}</Table.Th>
                  <Table.Th w={110}>{t('columns.status')}</Table.Th>
                  <Table.Th w={130}>{t('columns.sent')}</Table.Th>
                  <Table.Th w={130}>{t('columns.expires')}</Table.Th>
                  <Table.Th w={90} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((inv) => (
                  <Table.Tr key={inv.id} data-testid={`invitation-row-${inv.id}`}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('select', { email: inv.email })}
                        checked={selected.includes(inv.id)}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          setSelected((s) => (on ? [...s, inv.id] : s.filter((id) => id !== inv.id)));
                        }}
                        data-testid={`invitation-select-${inv.id}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text fw={500} size="sm">
                        {inv.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {inv.email}
                      </Text>
                      {inv.sso_platform_id !== null ? (
                        // An SSO invitation: no temporary password; the person joins by signing in through the platform.
                        <Badge
                          size="xs"
                          variant="light"
                          color="grape"
                          tt="none"
                          mt={2}
                          title={t('sso.title', { platform: platformName(inv.sso_platform_id), id: inv.sso_id ?? '' })}
                          data-testid={`invitation-sso-${inv.id}`}
                        >
                          {t('sso.badge')} · {platformName(inv.sso_platform_id)} · {inv.sso_id}
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{groupName(inv.default_member_group_id)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[inv.status]} variant="dot">
                        {t(`status.${inv.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{date(inv.last_sent_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{inv.status === 'accepted' && inv.accepted_at ? t('acceptedOn', { date: date(inv.accepted_at) }) : date(inv.expires_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {inv.status !== 'accepted' ? (
                          <ActionIcon title={t('resend')} variant="subtle" aria-label={t('resendTo', { email: inv.email })} onClick={() => resendOne(inv)} loading={resend.isPending && resend.variables === inv.id} data-testid={`resend-${inv.id}`}>
                            <IconSend size={16} />
                          </ActionIcon>
                        ) : null}
                        <ActionIcon title={t('delete.title')} variant="subtle" color="red" aria-label={t('deleteOne', { email: inv.email })} onClick={() => confirmDelete([inv])} data-testid={`delete-invitation-${inv.id}`}>
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
        {pages > 1 ? (
          <Group justify="center" py="sm">
            <Pagination total={pages} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })} data-testid="invitations-pagination" />
          </Group>
        ) : null}
      </Paper>
      {inviting ? <InviteModal groups={groups} onClose={() => setInviting(false)} /> : null}
      <BulkInviteModal groups={groups} opened={bulk} onClose={() => setBulk(false)} />
    </Stack>
  );
}
