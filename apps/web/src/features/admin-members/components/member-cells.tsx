import type { AdminMember } from '@app/contracts/admin-members';
import type { MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { ActionIcon, Badge, CloseButton, Group, Text } from '@mantine/core';
import { IconPencil, IconShield, IconShieldOff, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';

export interface MemberRowActions {
  edit: (m: AdminMember) => void;
  toggleAdmin: (m: AdminMember) => void;
  toggleActive: (m: AdminMember) => void;
  remove: (m: AdminMember) => void;
  removeFromGroup: (m: AdminMember, g: MemberGroupSummary) => void;
}

/** Name with its admin, you and SSO badges; the email under it. */
export function MemberNameCell({ m, self }: { m: AdminMember; self: boolean }) {
  const { t } = useTranslation('admin-members');
  return (
    <>
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
    </>
  );
}

/** The default group filled, the additional ones as chips that can be removed. */
export function MemberGroupsCell({ m, byId, busy, onRemove }: { m: AdminMember; byId: ReadonlyMap<number, MemberGroupSummary>; busy: boolean; onRemove: MemberRowActions['removeFromGroup'] }) {
  const { t, i18n } = useTranslation('admin-members');
  const defaultGroup = m.default_member_group_id === null ? undefined : byId.get(m.default_member_group_id);
  const extras = m.member_group_ids.filter((id) => id !== m.default_member_group_id).map((id) => byId.get(id)).filter((g) => g !== undefined);
  return (
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
              onClick={() => onRemove(m, g)}
              disabled={busy}
              data-testid={`remove-group-${m.id}-${g.id}`}
            />
          }
        >
          {localizedName(g, i18n.language)}
        </Badge>
      ))}
    </Group>
  );
}

/** Edit, admin right, deactivate or reactivate, delete; one's own row keeps its rights. */
export function MemberActionsCell({ m, self, busy, actions }: { m: AdminMember; self: boolean; busy: boolean; actions: MemberRowActions }) {
  const { t } = useTranslation('admin-members');
  const active = m.member_status === 'active';
  const canToggleActive = active || m.member_status === 'deactivated';
  const locked = (title: string) => (self ? t('actions.selfLocked') : t(title));
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon variant="subtle" title={t('actions.edit')} aria-label={t('actions.editOne', { name: m.name })} onClick={() => actions.edit(m)} data-testid={`edit-member-${m.id}`}>
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="grape"
        title={locked(m.is_admin ? 'actions.removeAdmin' : 'actions.makeAdmin')}
        aria-label={t(m.is_admin ? 'actions.removeAdminOne' : 'actions.makeAdminOne', { name: m.name })}
        onClick={() => actions.toggleAdmin(m)}
        disabled={self || busy || !active}
        data-testid={`toggle-admin-${m.id}`}
      >
        {m.is_admin ? <IconShieldOff size={16} /> : <IconShield size={16} />}
      </ActionIcon>
      {canToggleActive ? (
        <ActionIcon
          variant="subtle"
          color={active ? 'orange' : 'teal'}
          title={locked(active ? 'actions.deactivate' : 'actions.reactivate')}
          aria-label={t(active ? 'actions.deactivateOne' : 'actions.reactivateOne', { name: m.name })}
          onClick={() => actions.toggleActive(m)}
          disabled={self || busy}
          data-testid={`toggle-active-${m.id}`}
        >
          {active ? <IconUserOff size={16} /> : <IconUserCheck size={16} />}
        </ActionIcon>
      ) : null}
      <ActionIcon variant="subtle" color="red" title={locked('actions.delete')} aria-label={t('actions.deleteOne', { name: m.name })} onClick={() => actions.remove(m)} disabled={self || busy} data-testid={`delete-member-${m.id}`}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
