import type { MemberGroup } from '@app/contracts/member-groups';
import { ActionIcon, Badge, Button, Checkbox, Group, Modal, NumberInput, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/kit/data-table';
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
  const groups = useQuotaGroups(page, search);
  const [editing, setEditing] = useState<MemberGroup | null>(null);
  const num = (n: number) => n.toLocaleString(i18n.language);
  const columns: Column<MemberGroup>[] = [
    {
      key: 'group',
      header: t('allocation.group'),
      card: 'title',
      cell: (g) => (
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
      ),
    },
    { key: 'perMember', header: t('allocation.perMember'), align: 'right', card: true, cell: (g) => <span data-testid="group-member-quota-value">{num(g.member_credit_quota)}</span> },
    {
      key: 'pool',
      header: t('allocation.pool'),
      align: 'right',
      card: true,
      cell: (g) => <span data-testid="group-pool-value">{g.credit_quota === null ? <Text span size="sm" c="dimmed">{t('allocation.noPoolShort')}</Text> : num(g.credit_quota)}</span>,
    },
    { key: 'members', header: t('allocation.members'), align: 'right', card: true, cell: (g) => num(g.member_count) },
    {
      key: 'actions',
      header: '',
      width: 60,
      card: 'actions',
      cell: (g) =>
        g.is_default ? (
          <Tooltip label={t('allocation.defaultLocked')}>
            <IconLock size={16} color="var(--mantine-color-gray-5)" aria-label={t('allocation.defaultLocked')} />
          </Tooltip>
        ) : (
          <ActionIcon variant="subtle" aria-label={t('allocation.edit')} onClick={() => setEditing(g)} data-testid={`group-quota-edit-${g.id}`}>
            <IconPencil size={16} />
          </ActionIcon>
        ),
    },
  ];
  return (
    <Stack gap="sm">
      <Text fw={600}>{t('allocation.groups')}</Text>
      <Paper withBorder radius="md">
        <DataTable
          rows={groups.data?.items ?? []}
          columns={columns}
          rowKey={(g) => g.id}
          rowTestId={(g) => `group-quota-${g.id}`}
          testId="group-quotas"
          minWidth={560}
          query={groups}
          skeletonTestId="groups-loading"
          empty={{ text: t('allocation.noGroups') }}
          search={{
            placeholder: t('allocation.search'),
            testId: 'group-quota-search',
            onSearch: (v) => {
              setSearch(v);
              setPage(1);
            },
          }}
          pagination={{ page, totalPages: groups.data?.pagination.total_pages ?? 0, onChange: setPage }}
        />
      </Paper>
      {editing ? <QuotaModal group={editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
