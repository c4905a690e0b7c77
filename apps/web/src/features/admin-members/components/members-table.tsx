import type { AdminMember } from '@app/contracts/admin-members';
import type { MemberStatus } from '@app/contracts/members';
import type { MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { ActionIcon, Badge, Checkbox, CloseButton, Group, Table, Text } from '@mantine/core';
import { IconPencil, IconShield, IconShieldOff, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';

const STATUS_COLOR: Record<MemberStatus, string> = { active: 'teal', pending: 'yellow', rejected: 'red', deactivated: 'gray' };

export interface RowActions {
  edit: (m: AdminMember) => void;
  toggleAdmin: (m: AdminMember) => void;
  toggleActive: (m: AdminMember) => void;
  remove: (m: AdminMember) => void;
  removeFromGroup: (m: AdminMember, g: MemberGroupSummary) => void;
}

interface Props {
  items: AdminMember[];
  groups: MemberGroupSummary[];
  /** The signed-in administrator: their own row cannot lose its admin right, be deactivated or deleted. */
  selfId: number | null;
  selected: ReadonlySet<number>;
  onSelect: (members: AdminMember[], on: boolean) => void;
  actions: RowActions;
  busy: boolean;
}

/** The console's member table: selection, groups as chips (additional ones removable), badges, actions. */
export function MembersTable({ items, groups, selfId, selected, onSelect, actions, busy }: Props) {
  const { t, i18n } = useTranslation('admin-members');
  const byId = new Map(groups.map((g) => [g.id, g]));
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  const allOnPage = items.length > 0 && items.every((m) => selected.has(m.id));
  const someOnPage = items.some((m) => selected.has(m.id));

  return (
    <Table.ScrollContainer minWidth={940}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="members-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox aria-label={t('selectPage')} checked={allOnPage} indeterminate={someOnPage && !allOnPage} onChange={() => onSelect(items, !allOnPage)} data-testid="members-select-page" />
            </Table.Th>
            <Table.Th>{t('columns.member')}</Table.Th>
            <Table.Th w={200}>{t('columns.groups')}</Table.Th>
            <Table.Th w={120}>{t('columns.status')}</Table.Th>
            <Table.Th w={110}>{t('columns.joined')}</Table.Th>
            <Table.Th w={120}>{t('columns.creditLimit')}</Table.Th>
            <Table.Th w={116}>
              <span className="visually-hidden">{t('columns.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((m) => {
            const self = m.id === selfId;
            const defaultGroup = m.default_member_group_id === null ? undefined : byId.get(m.default_member_group_id);
            const extras = m.member_group_ids.filter((id) => id !== m.default_member_group_id).map((id) => byId.get(id)).filter((g) => g !== undefined);
            const canToggleActive = m.member_status === 'active' || m.member_status === 'deactivated';
            return (
              <Table.Tr key={m.id} data-testid={`member-row-${m.id}`}>
                <Table.Td>
                  <Checkbox aria-label={t('select', { name: m.name })} checked={selected.has(m.id)} onChange={(e) => onSelect([m], e.currentTarget.checked)} data-testid={`member-select-${m.id}`} />
                </Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <Text fw={500} size="sm" data-testid={`member-name-${m.id}`}>
                      {m.name}
                    </Text>
                    {m.is_admin ? (
                      <Badge size="xs" color="grape" variant="light" data-testid={`member-admin-${m.id}`}>
                        {t('admin')}
                      </Badge>
                    ) : null}
                    {self ? (
                      <Badge size="xs" variant="outline" color="gray">
                        {t('you')}
                      </Badge>
                    ) : null}
                    {m.sso_id ? (
                      <Badge size="xs" color="teal" variant="light" title={m.sso_id} data-testid={`member-sso-${m.id}`}>
                        {t('sso')}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {m.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} data-testid={`member-groups-${m.id}`}>
                    {defaultGroup ? (
                      <Badge variant="filled" color="indigo" title={t('defaultGroup')} tt="none">
                        {localizedName(defaultGroup, i18n.language)}
                      </Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('noGroup')}
                      </Text>
                    )}
                    {extras.map((g) => (
                      <Badge
                        key={g.id}
                        variant="light"
                        color="gray"
                        tt="none"
                        pr={2}
                        rightSection={
                          <CloseButton
                            size={16}
                            iconSize={12}
                            aria-label={t('actions.removeFromGroup', { name: m.name, group: localizedName(g, i18n.language) })}
                            onClick={() => actions.removeFromGroup(m, g)}
                            disabled={busy}
                            data-testid={`remove-group-${m.id}-${g.id}`}
                          />
                        }
                      >
                        {localizedName(g, i18n.language)}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[m.member_status]} variant="dot" data-testid={`member-status-${m.id}`}>
                    {t(`status.${m.member_status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{date(m.created_at)}</Text>
                </Table.Td>
                <Table.Td data-testid={`member-credit-${m.id}`}>
                  {m.custom_credit_limit === null ? (
                    <Text size="sm" c="dimmed">
                      {t('groupQuota')}
                    </Text>
                  ) : (
                    <Text size="sm">{t('credits', { value: m.custom_credit_limit.toLocaleString(i18n.language) })}</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon variant="subtle" title={t('actions.edit')} aria-label={t('actions.editOne', { name: m.name })} onClick={() => actions.edit(m)} data-testid={`edit-member-${m.id}`}>
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="grape"
                      title={self ? t('actions.selfLocked') : t(m.is_admin ? 'actions.removeAdmin' : 'actions.makeAdmin')}
                      aria-label={t(m.is_admin ? 'actions.removeAdminOne' : 'actions.makeAdminOne', { name: m.name })}
                      onClick={() => actions.toggleAdmin(m)}
                      disabled={self || busy || m.member_status !== 'active'}
                      data-testid={`toggle-admin-${m.id}`}
                    >
                      {m.is_admin ? <IconShieldOff size={16} /> : <IconShield size={16} />}
                    </ActionIcon>
                    {canToggleActive ? (
                      <ActionIcon
                        variant="subtle"
                        color={m.member_status === 'active' ? 'orange' : 'teal'}
                        title={self ? t('actions.selfLocked') : t(m.member_status === 'active' ? 'actions.deactivate' : 'actions.reactivate')}
                        aria-label={t(m.member_status === 'active' ? 'actions.deactivateOne' : 'actions.reactivateOne', { name: m.name })}
                        onClick={() => actions.toggleActive(m)}
                        disabled={self || busy}
                        data-testid={`toggle-active-${m.id}`}
                      >
                        {m.member_status === 'active' ? <IconUserOff size={16} /> : <IconUserCheck size={16} />}
                      </ActionIcon>
                    ) : null}
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      title={self ? t('actions.selfLocked') : t('actions.delete')}
                      aria-label={t('actions.deleteOne', { name: m.name })}
                      onClick={() => actions.remove(m)}
                      disabled={self || busy}
                      data-testid={`delete-member-${m.id}`}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
