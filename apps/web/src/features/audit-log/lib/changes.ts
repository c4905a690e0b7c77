import { AUDIT_TARGET_TYPES, type AuditEntry, type AuditTargetType } from '@app/contracts/audit-log';

export const isTargetType = (v: string): v is AuditTargetType => (AUDIT_TARGET_TYPES as readonly string[]).includes(v);

/** One changed field: what it was and what it became (an insert has no before, a delete no after). */
export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

/** Shown in the entry's own columns (target id, when): left out of an insert's or a delete's list. */
const SHOWN_ELSEWHERE = new Set(['id', 'created_at']);

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

/** A value on one line: strings as they are, everything else as compact JSON; cut to `max` characters. */
export function compactValue(v: unknown, max = 60): string {
  const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null');
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** True for a value that reads as "nothing" (null, missing, an empty string). */
export const isEmptyValue = (v: unknown) => v === null || v === undefined || v === '';

/** The full before or after, indented, for the entry's details. */
export const fullValues = (values: Record<string, unknown> | null) => (values ? JSON.stringify(values, null, 2) : '');

/** `YYYY-MM-DD` or nothing: a date input's value as the API's `from`/`to`. */
export const dayOrUndefined = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** A column's name for people: its label in the catalogue, else the column written out ("member_status" → "Member status"). */
export function fieldLabel(t: (key: string, o: { defaultValue: string }) => string, field: string): string {
  const spelled = field.replace(/_units$/, '').replace(/_/g, ' ');
  return t(`fields.${field}`, { defaultValue: spelled.charAt(0).toUpperCase() + spelled.slice(1) });
}
