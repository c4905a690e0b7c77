import type { AuditActors, AuditOperation, AuditTargetType } from '@app/contracts/audit-log';
import { NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AUDIT_OPERATIONS, AUDIT_TARGET_TYPES } from '@app/contracts/audit-log';

export interface AuditLogFilterValues {
  /** '' = every kind of change. */
  targetType: '' | AuditTargetType;
  operation: '' | AuditOperation;
  /** '' = every admin, else a member id. */
  actorId: string;
  /** `YYYY-MM-DD` or ''. */
  from: string;
  to: string;
}

export const NO_FILTERS: AuditLogFilterValues = { targetType: '', operation: '', actorId: '', from: '', to: '' };

export const hasFilters = (v: AuditLogFilterValues) => Object.entries(v).some(([, x]) => x !== '');

/** Two inputs a row on a phone (the row's gap is Mantine's sm). */
const HALF = 'calc(50% - var(--mantine-spacing-sm) / 2)';

/** What changed, how, by whom and when, as native inputs (no positioning library, decision 026). */
export function AuditLogFilters({ value, actors, onChange }: { value: AuditLogFilterValues; actors: AuditActors['items']; onChange: (v: AuditLogFilterValues) => void }) {
  const { t } = useTranslation('audit-log');
  const set = <K extends keyof AuditLogFilterValues>(key: K, v: AuditLogFilterValues[K]) => onChange({ ...value, [key]: v });
  const badRange = value.from !== '' && value.to !== '' && value.from > value.to;
  return (
    <>
      <NativeSelect
        label={t('filters.type')}
        value={value.targetType}
        onChange={(e) => set('targetType', e.currentTarget.value as AuditLogFilterValues['targetType'])}
        data={[{ value: '', label: t('filters.allTypes') }, ...AUDIT_TARGET_TYPES.map((k) => ({ value: k, label: t(`types.${k}`) }))]}
        w={{ base: '100%', xs: 200 }}
        data-testid="audit-type-filter"
      />
      <NativeSelect
        label={t('filters.operation')}
        value={value.operation}
        onChange={(e) => set('operation', e.currentTarget.value as AuditLogFilterValues['operation'])}
        data={[{ value: '', label: t('filters.allOperations') }, ...AUDIT_OPERATIONS.map((o) => ({ value: o, label: t(`operations.${o}`) }))]}
        w={{ base: HALF, xs: 140 }}
        data-testid="audit-operation-filter"
      />
      <NativeSelect
        label={t('filters.actor')}
        value={value.actorId}
        onChange={(e) => set('actorId', e.currentTarget.value)}
        data={[{ value: '', label: t('filters.allActors') }, ...actors.map((a) => ({ value: String(a.id), label: `${a.name} (${a.email})${a.is_admin ? '' : ` · ${t('filters.formerAdmin')}`}` }))]}
        w={{ base: HALF, xs: 200 }}
        data-testid="audit-actor-filter"
      />
      <TextInput
        type="date"
        label={t('filters.from')}
        value={value.from}
        max={value.to || undefined}
        onChange={(e) => set('from', e.currentTarget.value)}
        w={{ base: HALF, xs: 150 }}
        data-testid="audit-from"
      />
      <TextInput
        type="date"
        label={t('filters.to')}
        value={value.to}
        min={value.from || undefined}
        onChange={(e) => set('to', e.currentTarget.value)}
        error={badRange ? t('filters.badRange') : undefined}
        w={{ base: HALF, xs: 150 }}
        data-testid="audit-to"
      />
    </>
  );
}
