import { z } from 'zod';
import { pageQuery, pageSize, paginated } from './common';
import { defineEndpoints } from './endpoint';

/** What the audit log records changes of (issue 26 §5): the tables admins change through the console. */
export const AUDIT_TARGET_TYPES = [
  'members',
  'member_groups',
  'member_group_memberships',
  'member_requests',
  'invitations',
  'announcements',
  'custom_fields',
  'policies',
  'llm_model_group_access',
  'tool_group_access',
  'governance_settings',
  'tenants',
  'categories',
  'chatbots',
  'task_modes',
  'payment_orders',
] as const;
export const auditTargetTypeSchema = z.enum(AUDIT_TARGET_TYPES);
export type AuditTargetType = z.infer<typeof auditTargetTypeSchema>;
export const AUDIT_OPERATIONS = ['insert', 'update', 'delete'] as const;
export const auditOperationSchema = z.enum(AUDIT_OPERATIONS);
export type AuditOperation = z.infer<typeof auditOperationSchema>;

const day = z.iso.date();

/** Whether `v` is an IANA time zone this runtime knows (the server's and the browser's Intl). */
export function isTimeZone(v: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
    return true;
  } catch {
    return false;
  }
}

export const listAuditLogQuery = pageQuery
  .extend({
    size: pageSize(20, 100),
    target_type: auditTargetTypeSchema.optional(),
    operation: auditOperationSchema.optional(),
    actor_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    /** First and last day, inclusive, in `tz`. */
    from: day.optional(),
    to: day.optional(),
    /** The IANA time zone the days are in (the console sends the browser's); UTC without it. */
    tz: z
      .string()
      .max(64)
      .refine((v) => isTimeZone(v), { message: 'Unknown time zone' })
      .optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'validation_error', path: ['to'] });
export type ListAuditLogQuery = z.input<typeof listAuditLogQuery>;
/** The query as the server reads it (and as the console builds it, less `size`). */
export type AuditLogQuery = z.output<typeof listAuditLogQuery>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** The admin who made the change; null once that member is deleted. */
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  actor_id: z.number().int().nullable(),
  /** The route, e.g. `PATCH /api/admin/members/:id/`. */
  action: z.string(),
  target_type: z.string(),
  operation: auditOperationSchema,
  target_id: z.string(),
  /** Changed columns before and after (an insert has no before, a delete no after). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/** A name in the two interface languages (a member's or a model's is the same in both). */
export const auditNameSchema = z.object({ ko: z.string(), en: z.string() });
export type AuditName = z.infer<typeof auditNameSchema>;

/** Tables whose rows an entry may name by id; the key of `names` is `<table>:<id>`. */
export type AuditNamedTable = 'members' | 'member_groups' | 'member_requests' | 'llm_models' | 'chatbots' | 'categories' | 'task_modes' | 'announcements' | 'custom_fields' | 'policies' | 'invitations';

/** Recorded columns holding another row's id (or ids), and the table it is in. */
export const AUDIT_REFERENCE_FIELDS: Readonly<Record<string, AuditNamedTable>> = {
  member_id: 'members',
  processed_by: 'members',
  invited_by: 'members',
  requested_by: 'members',
  reviewed_by: 'members',
  creator_id: 'members',
  accepted_member_id: 'members',
  member_group_id: 'member_groups',
  default_member_group_id: 'member_groups',
  member_group_ids: 'member_groups',
  group_ids: 'member_groups',
  llm_model_id: 'llm_models',
  chatbot_id: 'chatbots',
  category_id: 'categories',
  task_mode_id: 'task_modes',
};

/** The tables the parts of a changed row's key (`target_id`, parts joined by ":") are ids in. */
const TARGET_KEYS: Partial<Record<AuditTargetType, AuditNamedTable[]>> = {
  members: ['members'],
  member_groups: ['member_groups'],
  member_group_memberships: ['members', 'member_groups'],
  member_requests: ['member_requests'],
  invitations: ['invitations'],
  announcements: ['announcements'],
  custom_fields: ['custom_fields'],
  policies: ['policies'],
  llm_model_group_access: ['llm_models', 'member_groups'],
  categories: ['categories'],
  chatbots: ['chatbots'],
  task_modes: ['task_modes'],
};

/** The `names` keys of what an entry's changed row is (a group membership: the member and the group); none for settings. */
export function auditTargetKeys(e: Pick<AuditEntry, 'target_type' | 'target_id'>): string[] {
  const tables = TARGET_KEYS[e.target_type as AuditTargetType] ?? [];
  const ids = e.target_id.split(':');
  return ids.length === tables.length ? tables.map((t, i) => `${t}:${ids[i]}`) : [];
}

/** The `names` keys of the ids in a recorded value of `field` (one id or a list of them). */
export function auditValueKeys(field: string, value: unknown): string[] {
  const table = AUDIT_REFERENCE_FIELDS[field];
  if (!table) return [];
  const ids = Array.isArray(value) ? value : [value];
  return ids.filter((id): id is number => Number.isInteger(id)).map((id) => `${table}:${id}`);
}

/**
 * The `names` keys of every id in an entry's recorded values, nested ones included (a group
 * change request's payload); the keys of `custom_fields` are custom fields' ids.
 */
export function auditValuesKeys(values: Record<string, unknown> | null): string[] {
  return Object.entries(values ?? {}).flatMap(([field, v]) => {
    if (field === 'custom_fields' && v && typeof v === 'object' && !Array.isArray(v)) return Object.keys(v).map((id) => `custom_fields:${id}`);
    if (v && typeof v === 'object' && !Array.isArray(v)) return auditValuesKeys(v as Record<string, unknown>);
    return auditValueKeys(field, v);
  });
}

/**
 * A page of entries and the names of the rows they refer to by id (the changed rows and ids in
 * their values), so the log reads in names; a row deleted since has none.
 */
export const auditLogListResponse = paginated(auditEntrySchema).extend({ names: z.record(z.string(), auditNameSchema) });
export type AuditLogList = z.infer<typeof auditLogListResponse>;

/** `GET /admin/audit-log/actors/`: everyone who has made an entry, admins now or before (a deleted member is gone). */
export const auditActorsResponse = z.object({ items: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string(), is_admin: z.boolean() })) });
export type AuditActors = z.infer<typeof auditActorsResponse>;

const admin = { auth: 'admin', tags: ['admin'], errors: [401, 403, 422] } as const;

export const endpoints = defineEndpoints({
  list: {
    method: 'GET',
    path: '/admin/audit-log/',
    ...admin,
    description: 'What admins changed, newest first: who, when, the route, the row and its changed values before and after. Read only.',
    query: listAuditLogQuery,
    response: auditLogListResponse,
  },
  actors: {
    method: 'GET',
    path: '/admin/audit-log/actors/',
    ...admin,
    description: 'Everyone with an entry in the log (the actor filter), admins now or before.',
    response: auditActorsResponse,
  },
});
