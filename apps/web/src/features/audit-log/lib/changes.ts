import type { TFunction } from 'i18next';
import { AUDIT_TARGET_TYPES, type AuditEntry, type AuditName, type AuditTargetType, auditTargetKeys, auditValueKeys } from '@app/contracts/audit-log';

export const isTargetType = (v: string): v is AuditTargetType => (AUDIT_TARGET_TYPES as readonly string[]).includes(v);

/** One changed field: what it was and what it became (an insert has no before, a delete no after). */
export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

/** Shown in the entry's own columns (target id, when): left out of an insert's or a delete's list. */
const SHOWN_ELSEWHERE = new Set(['id', 'created_at']);

/** A before's or an after's recorded columns for the details, but those the entry's own columns show. */
export const recordedFields = (values: Record<string, unknown>) => Object.entries(values).filter(([k]) => !SHOWN_ELSEWHERE.has(k));

/** An entry's changed fields: for an update those whose value changed, for an insert the new values, for a delete the old ones. */
export function fieldChanges(e: Pick<AuditEntry, 'operation' | 'before' | 'after'>): FieldChange[] {
  if (e.operation === 'update') {
    const before = e.before ?? {};
    const after = e.after ?? {};
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).map((field) => ({ field, before: before[field], after: after[field] }));
  }
  const values = (e.operation === 'insert' ? e.after : e.before) ?? {};
  return Object.keys(values)
    .filter((k) => !SHOWN_ELSEWHERE.has(k))
    .map((field) => (e.operation === 'insert' ? { field, after: values[field] } : { field, before: values[field] }));
}

/** True for a value that reads as "nothing" (null, missing, an empty string or list). */
export const isEmptyValue = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** What values are read with: the catalogue, the reader's language and the names of what the page's entries refer to. */
export interface ValueContext {
  t: TFunction<'audit-log'>;
  language: string;
  names: Record<string, AuditName>;
}

/** Columns whose values are words of the product (statuses, kinds, places): read from the catalogue (`values.<field>.<value>`). */
const WORD_FIELDS = new Set(['member_status', 'status', 'kind', 'location', 'language', 'field_type', 'plan_kind']);
const CREDIT_UNITS = 100_000_000;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A name in the reader's language (ko reads the Korean one, every other language the English one). */
export const nameIn = (names: Record<string, AuditName>, key: string, language: string): string | undefined => {
  const n = names[key];
  return n ? (language === 'ko' ? n.ko : n.en) : undefined;
};

/**
 * A recorded value as people read it: ids as the names of what they are, yes/no, statuses and
 * places in words, times in the reader's locale, credits as credits; anything else as it is,
 * cut to `max` characters (no limit with 0).
 */
export function displayValue(field: string, v: unknown, ctx: ValueContext, max = 60): string {
  const cut = (text: string) => {
    const flat = text.replace(/\s+/g, ' ');
    return max > 0 && flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  };
  if (isEmptyValue(v)) return ctx.t('emptyValue');
  const refs = auditValueKeys(field, v);
  if (refs.length > 0) return cut(refs.map((k) => nameIn(ctx.names, k, ctx.language) ?? ctx.t('deletedRef', { id: k.split(':')[1] })).join(', '));
  if (typeof v === 'boolean') return ctx.t(v ? 'values.yes' : 'values.no');
  if (field.endsWith('_units') && (typeof v === 'number' || (typeof v === 'string' && /^-?\d+$/.test(v)))) {
    const credits = Math.floor(Number(v) / CREDIT_UNITS);
    return ctx.t('values.credits', { count: credits, amount: credits.toLocaleString(ctx.language) });
  }
  if (typeof v === 'string' && WORD_FIELDS.has(field)) return ctx.t(`values.${field}.${v}`, { defaultValue: v });
  if (typeof v === 'string' && TIMESTAMP.test(v) && !Number.isNaN(Date.parse(v))) return new Date(v).toLocaleString(ctx.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    // A custom field's values are keyed by the field's id; a request's payload by column.
    const entries = Object.entries(v as Record<string, unknown>).map(([k, x]) =>
      field === 'custom_fields' ? `${nameIn(ctx.names, `custom_fields:${k}`, ctx.language) ?? ctx.t('deletedRef', { id: k })}: ${displayValue('', x, ctx, 0)}` : `${fieldLabel(ctx.t, k)}: ${displayValue(k, x, ctx, 0)}`,
    );
    return cut(entries.join('; '));
  }
  if (Array.isArray(v)) return cut(v.map((x) => displayValue('', x, ctx, 0)).join(', '));
  return cut(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
}

/**
 * What the changed row is, by name: from the names the API sent (a group membership: the member
 * and the group), else from the row's own recorded values (a row deleted since). Null for rows
 * without a name (the organisation's settings) or one no longer known.
 */
export function targetLabel(e: Pick<AuditEntry, 'target_type' | 'target_id' | 'before' | 'after'>, ctx: ValueContext): string | null {
  const keys = auditTargetKeys(e);
  const found = keys.map((k) => nameIn(ctx.names, k, ctx.language));
  if (keys.length > 0 && found.every(Boolean)) return found.join(' · ');
  const values = { ...(e.before ?? {}), ...(e.after ?? {}) };
  const own = ctx.language === 'ko' ? (values.ko_name ?? values.en_name) : (values.en_name ?? values.ko_name);
  const named = [own, values.name, values.title, values.email].find((x): x is string => typeof x === 'string' && x !== '');
  if (named && keys.length <= 1) return named;
  if (found.some(Boolean)) return found.map((n, i) => n ?? ctx.t('deletedRef', { id: keys[i]!.split(':')[1] })).join(' · ');
  return keys.length > 0 ? ctx.t('deletedTarget') : null;
}

/** `YYYY-MM-DD` or nothing: a date input's value as the API's `from`/`to`. */
export const dayOrUndefined = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** A column's name for people: its label in the catalogue, else the column written out ("member_status" → "Member status"). */
export function fieldLabel(t: (key: string, o: { defaultValue: string }) => string, field: string): string {
  const spelled = field.replace(/_units$/, '').replace(/_/g, ' ');
  return t(`fields.${field}`, { defaultValue: spelled.charAt(0).toUpperCase() + spelled.slice(1) });
}
