import type { MemberStatus } from '@app/contracts/members';
import type { MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';
import { MEMBER_ORDERS, type MemberOrder } from '../api/list-admin-members';

/** memberStatusSchema's values (the contract's zod stays out of the browser, decision 007). */
const STATUSES = ['active', 'pending', 'rejected', 'deactivated'] as const satisfies readonly MemberStatus[];

export interface MemberFilterValues {
  search: string;
  /** '' = every group. */
  groupId: string;
  admin: 'all' | 'yes' | 'no';
  status: 'all' | MemberStatus;
  orderBy: MemberOrder;
}

/** Two selects a row on a phone (the row's gap is Mantine's sm). */
const HALF = 'calc(50% - var(--mantine-spacing-sm) / 2)';

export const NO_FILTERS: MemberFilterValues = { search: '', groupId: '', admin: 'all', status: 'all', orderBy: 'created_at.desc' };

/** Search, group, role, status and order, as native selects (no positioning library, decision 026). */
export function MemberFilters({ value, groups, onChange }: { value: MemberFilterValues; groups: MemberGroupSummary[]; onChange: (v: MemberFilterValues) => void }) {
  const { t, i18n } = useTranslation('admin-members');
  const set = <K extends keyof MemberFilterValues>(key: K, v: MemberFilterValues[K]) => onChange({ ...value, [key]: v });
  return (
    <>
      <TextInput
        aria-label={t('search')}
        placeholder={t('search')}
        leftSection={<IconSearch size={16} />}
        value={value.search}
        onChange={(e) => set('search', e.currentTarget.value)}
        w={{ base: '100%', xs: 260 }}
        data-testid="members-search"
      />
      <NativeSelect
        aria-label={t('filters.group')}
        value={value.groupId}
        onChange={(e) => set('groupId', e.currentTarget.value)}
        data={[{ value: '', label: t('filters.allGroups') }, ...groups.map((g) => ({ value: String(g.id), label: localizedName(g, i18n.language) }))]}
        w={{ base: HALF, xs: 170 }}
        data-testid="members-group-filter"
      />
      <NativeSelect
        aria-label={t('filters.admin')}
        value={value.admin}
        onChange={(e) => set('admin', e.currentTarget.value as MemberFilterValues['admin'])}
        data={[
          { value: 'all', label: t('filters.allRoles') },
          { value: 'yes', label: t('filters.admins') },
          { value: 'no', label: t('filters.nonAdmins') },
        ]}
        w={{ base: HALF, xs: 150 }}
        data-testid="members-admin-filter"
      />
      <NativeSelect
        aria-label={t('filters.status')}
        value={value.status}
        onChange={(e) => set('status', e.currentTarget.value as MemberFilterValues['status'])}
        data={[{ value: 'all', label: t('filters.allStatuses') }, ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
        w={{ base: HALF, xs: 150 }}
        data-testid="members-status-filter"
      />
      <NativeSelect
        aria-label={t('filters.sort')}
        value={value.orderBy}
        onChange={(e) => set('orderBy', e.currentTarget.value as MemberOrder)}
        data={MEMBER_ORDERS.map((o) => ({ value: o, label: t(`order.${o}`) }))}
        w={{ base: HALF, xs: 160 }}
        data-testid="members-sort"
      />
    </>
  );
}
