import type { AdminMember } from '@app/contracts/admin-members';
import type { MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../components/kit/data-table';
import { localizedName } from '../../../lib/localized-name';

/** The pending table's columns: member, kind of request, groups asked for, when, and the two decisions. */
export function usePendingColumns(p: { groups: MemberGroupSummary[]; busy: boolean; onApprove: (m: AdminMember) => void; onReject: (m: AdminMember) => void }): Column<AdminMember>[] {
  const { t, i18n } = useTranslation('pending-requests');
  const groupName = (id: number | null) => {
    const g = p.groups.find((x) => x.id === id);
    return g ? localizedName(g, i18n.language) : '—';
  };
  /** The default group first, then the additional ones. */
  const groupNames = (g: { default_member_group_id: number | null; member_group_ids: number[] }) =>
    [g.default_member_group_id, ...g.member_group_ids.filter((id) => id !== g.default_member_group_id)].map(groupName).join(', ');
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : '—');
  const change = (m: AdminMember) => m.pending_request === 'group_change';

  return [
    {
      key: 'member',
      header: t('columns.member'),
      card: 'title',
      cell: (m) => (
        <>
          <Text fw={500} size="sm">
            {m.name}
          </Text>
          <Text size="xs" c="dimmed">
            {m.email}
          </Text>
        </>
      ),
    },
    {
      key: 'request',
      header: t('columns.request'),
      width: 130,
      card: true,
      cell: (m) => (
        <Badge variant="light" color={change(m) ? 'grape' : 'indigo'} data-testid={`pending-kind-${m.id}`}>
          {t(`kind.${change(m) ? 'groupChange' : 'registration'}`)}
        </Badge>
      ),
    },
    {
      key: 'group',
      header: t('columns.group'),
      width: 240,
      card: true,
      cell: (m) =>
        change(m) && m.requested_groups ? (
          <>
            <Text size="sm">{groupNames(m.requested_groups)}</Text>
            <Text size="xs" c="dimmed">
              {t('currentGroups', { groups: groupNames(m) })}
            </Text>
          </>
        ) : (
          <Text size="sm">{groupNames(m)}</Text>
        ),
    },
    { key: 'requestedAt', header: t('columns.requestedAt'), width: 190, card: true, cell: (m) => <Text size="sm">{date(m.requested_at)}</Text> },
    {
      key: 'actions',
      header: '',
      width: 190,
      card: 'actions',
      cell: (m) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" leftSection={<IconCheck size={14} />} aria-label={t('approveOne', { name: m.name })} onClick={() => p.onApprove(m)} disabled={p.busy} data-testid={`approve-${m.id}`}>
            {t('approve')}
          </Button>
          <Button size="compact-sm" variant="light" color="red" leftSection={<IconX size={14} />} aria-label={t('rejectOne', { name: m.name })} onClick={() => p.onReject(m)} disabled={p.busy} data-testid={`reject-${m.id}`}>
            {t('reject.title')}
          </Button>
        </Group>
      ),
    },
  ];
}
