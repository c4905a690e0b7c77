import type { MemberGroup } from '@app/contracts/member-groups';
import { ActionIcon, Anchor, Badge, Box, Group, Text } from '@mantine/core';
import { IconPencil, IconTrash, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../components/kit/data-table';
import { localizedName } from '../../../lib/localized-name';

/** The groups table's columns: names, kind, members (opening them), credits, and a row's actions. */
export function useGroupColumns(p: { onView: (g: MemberGroup) => void; onEdit: (g: MemberGroup) => void; onDelete: (g: MemberGroup) => void }): Column<MemberGroup>[] {
  const { t, i18n } = useTranslation('member-groups');
  const credits = (n: number) => n.toLocaleString(i18n.language);
  const name = (text: string) => (
    <Text size="sm" fw={500}>
      {text}
    </Text>
  );
  return [
    { key: 'ko', header: t('columns.koName'), card: 'title', cell: (g) => name(g.ko_name) },
    { key: 'en', header: t('columns.enName'), card: true, cell: (g) => name(g.en_name) },
    {
      key: 'kind',
      header: t('columns.kind'),
      width: 130,
      card: true,
      cell: (g) => (
        <Badge variant={g.is_default ? 'light' : 'outline'} color={g.is_default ? 'indigo' : 'gray'} tt="none" data-testid={`group-kind-${g.id}`}>
          {t(g.is_default ? 'kind.default' : 'kind.additional')}
        </Badge>
      ),
    },
    {
      key: 'members',
      header: t('columns.members'),
      align: 'right',
      width: 100,
      card: true,
      cell: (g) => (
        <Anchor component="button" type="button" size="sm" onClick={() => p.onView(g)} data-testid={`group-members-count-${g.id}`}>
          {g.member_count.toLocaleString(i18n.language)}
          <span className="visually-hidden"> — {t('members.heading', { name: localizedName(g, i18n.language) })}</span>
        </Anchor>
      ),
    },
    {
      key: 'pool',
      header: t('columns.pool'),
      align: 'right',
      width: 150,
      card: true,
      cell: (g) => (
        <Text size="sm" c={g.credit_quota === null ? 'dimmed' : undefined} data-testid={`group-pool-${g.id}`}>
          {g.credit_quota === null ? t('noPool') : credits(g.credit_quota)}
        </Text>
      ),
    },
    {
      key: 'perMember',
      header: t('columns.perMember'),
      align: 'right',
      width: 150,
      card: true,
      cell: (g) => (
        <Text size="sm" data-testid={`group-per-member-${g.id}`}>
          {credits(g.member_credit_quota)}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('columns.actions')}</span>,
      width: 120,
      card: 'actions',
      cell: (g) => {
        const name = localizedName(g, i18n.language);
        return (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <ActionIcon variant="subtle" title={t('members.title')} aria-label={t('members.open', { name, count: g.member_count })} onClick={() => p.onView(g)} data-testid={`group-members-${g.id}`}>
              <IconUsers size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" title={t('edit')} aria-label={t('editOne', { name })} onClick={() => p.onEdit(g)} data-testid={`edit-group-${g.id}`}>
              <IconPencil size={16} />
            </ActionIcon>
            {/* A disabled button shows no tooltip of its own: the reason sits on its wrapper (and in the note under the table). */}
            <Box component="span" title={g.is_default ? t('defaultLocked.delete') : t('delete.title')} display="inline-flex">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={g.is_default ? `${t('deleteOne', { name })} — ${t('defaultLocked.delete')}` : t('deleteOne', { name })}
                disabled={g.is_default}
                onClick={() => p.onDelete(g)}
                data-testid={`delete-group-${g.id}`}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Box>
          </Group>
        );
      },
    },
  ];
}
