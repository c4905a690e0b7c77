import type { AdminMember } from '@app/contracts/admin-members';
import type { MemberStatus } from '@app/contracts/members';
import type { MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../components/kit/data-table';
import { MemberActionsCell, MemberGroupsCell, MemberNameCell, type MemberRowActions } from './member-cells';

const STATUS_COLOR: Record<MemberStatus, string> = { active: 'teal', pending: 'yellow', rejected: 'red', deactivated: 'gray' };

/**
 * The console's member table, as the kit's columns: groups as chips (additional ones removable),
 * badges, actions. `selfId`: the signed-in administrator, whose own row cannot lose its admin
 * right, be deactivated or deleted.
 */
export function useMemberColumns({ groups, selfId, actions, busy }: { groups: MemberGroupSummary[]; selfId: number | null; actions: MemberRowActions; busy: boolean }): Column<AdminMember>[] {
  const { t, i18n } = useTranslation('admin-members');
  const byId = new Map(groups.map((g) => [g.id, g]));
  return [
    { key: 'member', header: t('columns.member'), card: 'title', cell: (m) => <MemberNameCell m={m} self={m.id === selfId} /> },
    { key: 'groups', header: t('columns.groups'), width: 200, card: true, cell: (m) => <MemberGroupsCell m={m} byId={byId} busy={busy} onRemove={actions.removeFromGroup} /> },
    {
      key: 'status',
      header: t('columns.status'),
      width: 120,
      card: true,
      cell: (m) => (
        <Badge color={STATUS_COLOR[m.member_status]} variant="dot" data-testid={`member-status-${m.id}`}>
          {t(`status.${m.member_status}`)}
        </Badge>
      ),
    },
    { key: 'joined', header: t('columns.joined'), width: 110, card: true, cell: (m) => <Text size="sm">{new Date(m.created_at).toLocaleDateString(i18n.language)}</Text> },
    {
      key: 'credit',
      header: t('columns.creditLimit'),
      width: 120,
      card: true,
      cell: (m) => (
        <Text size="sm" c={m.custom_credit_limit === null ? 'dimmed' : undefined} data-testid={`member-credit-${m.id}`}>
          {m.custom_credit_limit === null ? t('groupQuota') : t('credits', { value: m.custom_credit_limit.toLocaleString(i18n.language) })}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('columns.actions')}</span>,
      width: 116,
      card: 'actions',
      cell: (m) => <MemberActionsCell m={m} self={m.id === selfId} busy={busy} actions={actions} />,
    },
  ];
}
