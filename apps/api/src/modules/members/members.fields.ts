import type { CreateCustomFieldBody, CustomField, PatchCustomFieldBody } from '@app/contracts/sign-up-settings';
import type { customFields, MemberRow } from '../../db/schema/members';
import type { MemberContext, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { deleteCustomField as deleteCustomFieldRow, findGroupsByIds, findMemberByCustomValue, insertCustomField, listCustomFields, updateCustomField } from './members.repo';
import type { MembersServiceDeps } from './members.types';

// A tenant's custom fields and the rules a member's values and groups follow (spec §5).

export type CustomFieldRow = typeof customFields.$inferSelect;
export type CustomFieldValues = Record<string, string | number>;
/** `optional`: required fields may be left empty (an invitation the invitee completes). */
export type CustomFieldMode = { kind: 'signup'; optional?: boolean } | { kind: 'edit'; member: MemberRow } | { kind: 'admin'; member: MemberRow };

export function toCustomField(f: CustomFieldRow): CustomField {
  return {
    id: f.id,
    ko_name: f.koName,
    en_name: f.enName,
    field_type: f.fieldType === 'number' ? 'number' : 'text',
    is_signup_field: f.isSignupField,
    is_searchable: f.isSearchable,
    is_required: f.isRequired,
    is_editable: f.isEditable,
    is_unique: f.isUnique,
    sort_order: f.sortOrder,
  };
}

/**
 * Custom field values as given at sign-up (`signup`: the sign-up fields, required ones present)
 * or by the member on their page (`edit`: editable fields only, the others kept): numbers
 * numeric, unique ones unique. Returns the values to store.
 */
export async function checkCustomFields(
  deps: Pick<MembersServiceDeps, 'db'>,
  tenantId: number,
  given: CustomFieldValues,
  mode: CustomFieldMode,
  /** The tenant's fields when the caller checks many rows at once (`customFieldRows`). */
  preloaded?: readonly CustomFieldRow[],
): Promise<CustomFieldValues> {
  const fields = preloaded ?? (await listCustomFields(deps.db, tenantId));
  const byId = new Map(fields.map((f) => [String(f.id), f]));
  const out: CustomFieldValues = mode.kind === 'signup' ? {} : { ...((mode.member.customFields ?? {}) as CustomFieldValues) };
  // Sign-up fills the sign-up fields, a member the editable ones, an administrator any.
  const inScope = (f: CustomFieldRow) => (mode.kind === 'signup' ? f.isSignupField : mode.kind === 'edit' ? f.isEditable : true);
  for (const key of Object.keys(given)) {
    const f = byId.get(key);
    if (!f || !inScope(f)) throw new AppError('custom_field_invalid', undefined, { field: key });
  }
  for (const f of fields) {
    const key = String(f.id);
    if (!inScope(f)) continue;
    const raw = given[key];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === undefined || value === '') {
      if (mode.kind !== 'signup' && raw === undefined) continue;
      if (f.isRequired && !(mode.kind === 'signup' && mode.optional)) throw new AppError('custom_field_required', undefined, { field: key });
      delete out[key];
      continue;
    }
    if (f.fieldType === 'number' && (typeof value === 'number' ? !Number.isFinite(value) : !/^-?\d+(\.\d+)?$/.test(value))) {
      throw new AppError('custom_field_invalid', undefined, { field: key });
    }
    const stored = f.fieldType === 'number' ? String(Number(value)) : String(value);
    if (f.isUnique && (await findMemberByCustomValue(deps.db, tenantId, f.id, stored, mode.kind === 'signup' ? null : mode.member.id))) {
      throw new AppError('custom_field_duplicated', undefined, { field: key });
    }
    out[key] = stored;
  }
  return out;
}

/**
 * The member's default group is one of the tenant's default groups (flagged so: the groups a
 * member belongs to first, e.g. an affiliation) and the additional groups exist and are not
 * default groups (spec §5).
 */
export async function checkGroups(deps: Pick<MembersServiceDeps, 'db'>, tenantId: number, defaultId: number, extraIds: number[]): Promise<void> {
  if (extraIds.includes(defaultId)) throw new AppError('group_invalid', 'An additional group cannot be the default group');
  const ids = [...new Set([defaultId, ...extraIds])];
  const found = new Map((await findGroupsByIds(deps.db, tenantId, ids)).map((g) => [g.id, g]));
  if (found.size !== ids.length) throw new AppError('group_invalid');
  if (!found.get(defaultId)!.isDefault) throw new AppError('group_invalid', 'Choose a default group');
  if (extraIds.some((id) => found.get(id)!.isDefault)) throw new AppError('group_invalid', 'An additional group cannot be a default group');
}

export async function listFields(deps: Pick<MembersServiceDeps, 'db'>, ctx: TenantContext, f: { is_signup_field?: boolean; is_searchable?: boolean; is_editable?: boolean }) {
  const rows = await listCustomFields(deps.db, ctx.tenantId, { isSignupField: f.is_signup_field, isSearchable: f.is_searchable, isEditable: f.is_editable });
  return { items: rows.map(toCustomField) };
}

export async function createCustomField(deps: Pick<MembersServiceDeps, 'db'>, ctx: MemberContext, b: CreateCustomFieldBody): Promise<CustomField> {
  return toCustomField(await insertCustomField(deps.db, ctx.tenantId, customFieldValues(b)));
}

export async function patchCustomField(deps: Pick<MembersServiceDeps, 'db'>, ctx: MemberContext, id: number, b: PatchCustomFieldBody): Promise<CustomField> {
  const row = await updateCustomField(deps.db, ctx.tenantId, id, customFieldValues(b));
  if (!row) throw new AppError('not_found');
  return toCustomField(row);
}

export async function deleteCustomField(deps: Pick<MembersServiceDeps, 'db'>, ctx: MemberContext, id: number): Promise<void> {
  if (!(await deleteCustomFieldRow(deps.db, ctx.tenantId, id))) throw new AppError('not_found');
}

function customFieldValues(b: PatchCustomFieldBody) {
  return {
    ...(b.ko_name !== undefined && { koName: b.ko_name }),
    ...(b.en_name !== undefined && { enName: b.en_name }),
    ...(b.field_type !== undefined && { fieldType: b.field_type }),
    ...(b.is_signup_field !== undefined && { isSignupField: b.is_signup_field }),
    ...(b.is_searchable !== undefined && { isSearchable: b.is_searchable }),
    ...(b.is_required !== undefined && { isRequired: b.is_required }),
    ...(b.is_editable !== undefined && { isEditable: b.is_editable }),
    ...(b.is_unique !== undefined && { isUnique: b.is_unique }),
    ...(b.sort_order !== undefined && { sortOrder: b.sort_order }),
  } as { koName: string; enName: string };
}
