import type { MemberGroup } from '@app/contracts/member-groups';
import { ActionIcon, Badge, Button, Checkbox, Group, Modal, NumberInput, Pagination, Paper, Skeleton, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconLock, IconPencil, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useQuotaGroups, useUpdateGroupQuota } from '../api/admin-credits';

function QuotaModal({ group, onClose }: { group: MemberGroup; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin-credits');
  const update = useUpdateGroupQuota();
  const [noPool, setNoPool] = useState(group.credit_quota === null);
  const [pool, setPool] = useState<number | string>(group.credit_quota ?? '');
  const [perMember, setPerMember] = useState<number | string>(group.member_credit_quota);
  const changed = noPool !== (group.credit_quota === null) || (!noPool && Number(pool) !== group.credit_quota) || Number(perMember) !== group.member_credit_quota;
  const valid = (noPool || pool !== '') && perMember !== '';
  const save = () =>
    update.mutate(
      { id: group.id, body: { credit_quota: noPool ? null : Number(pool), member_credit_quota: Number(perMember) } },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('allocation.saved') });
          onClose();
        },
        onError: (err) => notifications.show({ color: 'red', title: t('errors.quotaUpdate'), message: errorMessage(t, err) }),
      },
    );
  return (
    <Modal opened onClose={onClose} centered title={t('allocation.editTitle', { name: localizedName(group, i18n.language) })} closeButtonProps={{ 'aria-label': t('common:close') }}>
      <Stack data-testid="group-quota-form">
        <NumberInput label={t('allocation.perMember')} description={t('allocation.perMemberHelp')} min={0} max={1_000_000_000} allowDecimal={false} thousandSeparator value={perMember} onChange={setPerMember} data-testid="group-member-quota" />
        <Checkbox label={t('allocation.noPool')} checked={noPool} onChange={(e) => setNoPool(e.currentTarget.checked)} data-testid="group-no-pool" />
        <NumberInput label={t('allocation.pool')} description={t('allocation.poolHelp')} min={0} max={1_000_000_000} allowDecimal={false} thousandSeparator disabled={noPool} value={noPool ? '' : pool} onChange={setPool} data-testid="group-pool" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('allocation.cancel')}
          </Button>
          <Button onClick={save} disabled={!changed || !valid} loading={update.isPending} data-testid="group-quota-save">
            {t('allocation.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Each group's monthly pool and per-member quota; a default group's credits cannot change (spec §8 groups 400). */
export function GroupQuotas() {
  const { t, i18n } = useTranslation('admin-credits');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const groups = useQuotaGroups(page, debounced);
  const [editing, setEditing] = useState<MemberGroup | null>(null);
  const num = (n: number) => n.toLocaleString(i18n.language);
  const items = groups.data?.items ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text fw={600}>{t('allocation.groups')}</Text>
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('allocation.search')}
          aria-label={t('allocation.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={240}
          data-testid="group-quota-search"
        />
      </Group>
      <Paper withBorder radius="md">
        {groups.isPending ? (
          <Stack p="md" data-testid="groups-loading">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} height={32} />
            ))}
          </Stack>
        ) : groups.isError ? (
          <Text c="red" p="md" size="sm">
            {errorMessage(t, groups.error)}
          </Text>
        ) : items.length === 0 ? (
          <Text c="dimmed" p="md" size="sm">
            {t('allocation.noGroups')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" data-testid="group-quotas">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('allocation.group')}</Table.Th>
                  <Table.Th ta="right">{t('allocation.perMember')}</Table.Th>
                  <Table.Th ta="right">{t('allocation.pool')}</Table.Th>
                  <Table.Th ta="right">{t('allocation.members')}</Table.Th>
                  <Table.Th w={60} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((g) => (
                  <Table.Tr key={g.id} data-testid={`group-quota-${g.id}`}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={500}>
                          {localizedName(g, i18n.language)}
                        </Text>
                        {g.is_default ? (
                          <Badge size="xs" variant="light" color="gray">
                            {t('allocation.default')}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right" data-testid="group-member-quota-value">
                      {num(g.member_credit_quota)}
                    </Table.Td>
                    <Table.Td ta="right" data-testid="group-pool-value">
                      {g.credit_quota === null ? <Text span size="sm" c="dimmed">{t('allocation.noPoolShort')}</Text> : num(g.credit_quota)}
                    </Table.Td>
                    <Table.Td ta="right">{num(g.member_count)}</Table.Td>
                    <Table.Td>
                      {g.is_default ? (
                        <Tooltip label={t('allocation.defaultLocked')}>
                          <IconLock size={16} color="var(--mantine-color-gray-5)" aria-label={t('allocation.defaultLocked')} />
                        </Tooltip>
                      ) : (
                        <ActionIcon variant="subtle" aria-label={t('allocation.edit')} onClick={() => setEditing(g)} data-testid={`group-quota-edit-${g.id}`}>
                          <IconPencil size={16} />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {(groups.data?.pagination.total_pages ?? 0) > 1 ? <Pagination total={groups.data!.pagination.total_pages} value={page} onChange={setPage} size="sm" /> : null}
      {editing ? <QuotaModal group={editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
