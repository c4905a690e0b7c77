import type { CustomField } from '@app/contracts/sign-up-settings';

/** A form's custom field values by field id; number fields hold numbers once typed. */
export type CustomFieldFormValues = Record<string, string | number>;

export type CustomFieldProblem = 'required' | 'number';

const NUMBER = /^-?\d+(\.\d+)?$/;

const isBlank = (v: string | number | undefined) => v === undefined || (typeof v === 'string' && v.trim() === '');

/** Spec §5: required fields present, numeric fields a number (the API's rule, checked before sending). */
export function customFieldProblem(field: Pick<CustomField, 'field_type' | 'is_required'>, value: string | number | undefined): CustomFieldProblem | null {
  if (isBlank(value)) return field.is_required ? 'required' : null;
  if (field.field_type === 'number') {
    if (typeof value === 'number') return Number.isFinite(value) ? null : 'number';
    return NUMBER.test(String(value).trim()) ? null : 'number';
  }
  return null;
}

/** Problems keyed `custom_fields.<id>`, as the forms name their inputs. */
export function customFieldErrors(fields: CustomField[], values: CustomFieldFormValues, message: (p: CustomFieldProblem) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const problem = customFieldProblem(f, values[String(f.id)]);
    if (problem) errors[`custom_fields.${f.id}`] = message(problem);
  }
  return errors;
}

/**
 * The payload for the given fields: text trimmed, numbers as numbers, blank ones left out (on the
 * member's own page a blank editable field is sent empty, which clears it).
 */
export function customFieldPayload(fields: CustomField[], values: CustomFieldFormValues, { keepBlank = false } = {}): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const f of fields) {
    const key = String(f.id);
    const v = values[key];
    if (isBlank(v)) {
      if (keepBlank) out[key] = '';
      continue;
    }
    out[key] = f.field_type === 'number' ? Number(v) : String(v).trim();
  }
  return out;
}

/** Initial form values from stored ones (the API stores every value as a string). */
export function customFieldInitialValues(fields: CustomField[], stored: Record<string, unknown> = {}): CustomFieldFormValues {
  const out: CustomFieldFormValues = {};
  for (const f of fields) {
    const v = stored[String(f.id)];
    out[String(f.id)] = typeof v === 'number' || typeof v === 'string' ? v : '';
  }
  return out;
}
