import type { AdminMember } from '@app/contracts/admin-members';
import type { MemberGroup } from '@app/contracts/member-groups';
import { ActionIcon, Badge, Box, Center, Drawer, Group, Pagination, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconUserMinus, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/kit/confirm';
import { localizedName } from '../../../lib/localized-name';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/status-messages';
import { groupErrorOverrides } from '../lib/group-errors';
import { useGroupMembers } from '../api/list-group-members';
import { useRemoveGroupMember } from '../api/remove-group-member';

/** Here the refusal means the group is the member's default group (not the group's credits). */
const isDefaultLocked = (err: unknown) => err instanceof ApiError && err.code === 'default_group_locked';

/**
 * The members of one group. Those for whom it is an additional group can be taken out of it;
 * for those whose default group it is, it cannot (their default group is changed on the member).
 */
export function GroupMembersDrawer({ group, onClose }: { group: MemberGroup; onClose: () => void }) {
  const { t, i18n } = useTranslation('member-groups');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const list = useGroupMembers(group.id, page, debounced);
  const remove = useRemoveGroupMember();
  const groupName = localizedName(group, i18n.language);
  const items = list.data?.items ?? [];
  const pages = list.data?.pagination.total_pages ?? 1;

  useEffect(() => {
    if (list.isError) notifications.show({ id: 'group-members-load', color: 'red', title: t('toast.membersLoadFailed'), message: errorMessage(t, list.error) });
  }, [list.isError, list.error, t]);

  useEffect(() => {
    if (list.data && list.data.items.length === 0 && page > 1) setPage(page - 1);
  }, [list.data, page]);

  const confirmRemove = (m: AdminMember) =>
    confirm({
      title: t('members.removeTitle'),
      body: t('members.removeBody', { member: `${m.name} (${m.email})`, group: groupName }),
      confirm: t('members.removeConfirm'),
      cancel: t('cancel'),
      testId: 'confirm-remove-group-member',
      onConfirm: () =>
        remove.mutate(
          { groupId: group.id, memberId: m.id },
          {
            onSuccess: () => notifications.show({ color: 'green', message: t('toast.memberRemoved', { member: m.name, group: groupName }) }),
            onError: (err) => notifications.show({ color: 'red', title: t('toast.memberRemoveFailed'), message: errorMessage(t, err, isDefaultLocked(err) ? { 400: 'member-groups:members.defaultLocked' } : groupErrorOverrides(err)) }),
          },
        ),
    });

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={<Text fw={600}>{t('members.heading', { name: groupName })}</Text>}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      data-testid="group-members"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <TextInput
            aria-label={t('members.search')}
            placeholder={t('members.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            flex={1}
            miw={200}
            data-testid="group-members-search"
          />
          <Text size="sm" fw={600} data-testid="group-members-total">
            {t('members.total', { count: list.data?.pagination.total_items ?? 0 })}
          </Text>
        </Group>
        {list.isPending ? (
          <Stack>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={40} />
            ))}
          </Stack>
        ) : items.length === 0 ? (
          <Center py={40}>
            <Stack align="center" gap={4} data-testid="group-members-empty">
              <IconUsers size={32} color="var(--mantine-color-gray-5)" />
              <Text c="dimmed">{debounced.trim() ? t('members.noMatch') : t('members.empty')}</Text>
            </Stack>
          </Center>
        ) : (
          <Table verticalSpacing="xs" data-testid="group-members-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('members.member')}</Table.Th>
                <Table.Th w={140}>{t('members.membership')}</Table.Th>
                <Table.Th w={48}>
                  <span className="visually-hidden">{t('columns.actions')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((m) => {
                const isDefault = m.default_member_group_id === group.id;
                return (
                  <Table.Tr key={m.id} data-testid={`group-member-${m.id}`}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {m.name}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                        {m.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant={isDefault ? 'light' : 'outline'} color={isDefault ? 'indigo' : 'gray'} tt="none">
                        {t(isDefault ? 'members.asDefault' : 'members.asAdditional')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Box component="span" title={isDefault ? t('members.defaultLocked') : t('members.removeTitle')} display="inline-flex">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          disabled={isDefault}
                          aria-label={isDefault ? `${t('members.remove', { member: m.name })} — ${t('members.defaultLocked')}` : t('members.remove', { member: m.name })}
                          onClick={() => confirmRemove(m)}
                          data-testid={`remove-group-member-${m.id}`}
                        >
                          <IconUserMinus size={16} />
                        </ActionIcon>
                      </Box>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        {pages > 1 ? (
          <Group justify="center">
            <Pagination size="sm" total={pages} value={page} onChange={setPage} data-testid="group-members-pagination" />
          </Group>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('members.note')}
        </Text>
      </Stack>
    </Drawer>
  );
}
