import type { Invitation } from '@app/contracts/invitations';
import type { MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../components/kit/data-table';
import { useAdminSsoPlatforms } from '../../../entities/sso-platforms';
import { localizedName } from '../../../lib/localized-name';

const STATUS_COLOR: Record<Invitation['status'], string> = { pending: 'blue', accepted: 'teal', expired: 'gray' };

/** The invitations table's columns: who (and through which SSO platform), group, status, dates, resend and delete. */
export function useInvitationColumns(p: {
  groups: MemberGroupSummary[];
  resend: { run: (id: number) => void; isPending: boolean; mutation: { variables?: number } };
  onDelete: (inv: Invitation) => void;
}): Column<Invitation>[] {
  const { t, i18n } = useTranslation('invitations');
  const ssoPlatforms = useAdminSsoPlatforms().data?.items ?? [];
  const platformName = (id: number) => ssoPlatforms.find((x) => x.id === id)?.name ?? `#${id}`;
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  const groupName = (id: number | null) => {
    const g = p.groups.find((x) => x.id === id);
    return g ? localizedName(g, i18n.language) : '—';
  };

  return [
    {
      key: 'person',
      header: t('columns.person'),
      card: 'title',
      cell: (inv) => (
        <>
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
        </>
      ),
    },
    { key: 'group', header: t('columns.group'), width: 170, card: true, cell: (inv) => <Text size="sm">{groupName(inv.default_member_group_id)}</Text> },
    {
      key: 'status',
      header: t('columns.status'),
      width: 110,
      card: true,
      cell: (inv) => (
        <Badge color={STATUS_COLOR[inv.status]} variant="dot">
          {t(`status.${inv.status}`)}
        </Badge>
      ),
    },
    { key: 'sent', header: t('columns.sent'), width: 130, card: true, cell: (inv) => <Text size="sm">{date(inv.last_sent_at)}</Text> },
    {
      key: 'expires',
      header: t('columns.expires'),
      width: 130,
      card: true,
      cell: (inv) => <Text size="sm">{inv.status === 'accepted' && inv.accepted_at ? t('acceptedOn', { date: date(inv.accepted_at) }) : date(inv.expires_at)}</Text>,
    },
    {
      key: 'actions',
      header: null,
      width: 90,
      card: 'actions',
      cell: (inv) => (
        <Group gap={4} wrap="nowrap">
          {inv.status !== 'accepted' ? (
            <ActionIcon
              title={t('resend')}
              variant="subtle"
              aria-label={t('resendTo', { email: inv.email })}
              onClick={() => p.resend.run(inv.id)}
              loading={p.resend.isPending && p.resend.mutation.variables === inv.id}
              data-testid={`resend-${inv.id}`}
            >
              <IconSend size={16} />
            </ActionIcon>
          ) : null}
          <ActionIcon title={t('delete.title')} variant="subtle" color="red" aria-label={t('deleteOne', { email: inv.email })} onClick={() => p.onDelete(inv)} data-testid={`delete-invitation-${inv.id}`}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ),
    },
  ];
}
