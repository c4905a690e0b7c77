import { z } from 'zod';
import { idParam, listOf } from './common';
import { defineEndpoints } from './endpoint';
import { subdomainSchema } from './tenants';

/**
 * The operator API (issue 30 item 5, decision 040): whoever runs the platform creates, lists,
 * changes, disables and enables tenants with the server's operator key (`OPERATOR_API_KEY`, sent
 * as the `x-operator-key` header). Credits are whole credits.
 */
export const OPERATOR_KEY_HEADER = 'x-operator-key';

export const planKindSchema = z.enum(['free', 'team', 'enterprise']);

/** A tenant as the operator sees it. */
export const operatorTenantSchema = z.object({
  id: z.number().int(),
  subdomain: z.string(),
  ko_name: z.string(),
  en_name: z.string(),
  logo_url: z.string().nullable(),
  /** The plan's member maximum (members, pending requests, open invitations); null = no limit. */
  max_members: z.number().int().nullable(),
  /** The tenant-wide monthly credit pool; null = no tenant pool. */
  credit_pool: z.number().int().nullable(),
  plan_kind: z.string(),
  auto_approve: z.boolean(),
  /** When set, the tenant is disabled: its members are refused with 423 `not_eligible`. */
  disabled_at: z.string().nullable(),
  created_at: z.string(),
});
export type OperatorTenant = z.infer<typeof operatorTenantSchema>;

export const operatorTenantList = listOf(operatorTenantSchema);

const name = z.string().trim().min(1).max(100);
/** An absolute http(s) URL or a path of this server (the demo's `/brand/demo-logo.svg`). */
const logoUrl = z
  .string()
  .trim()
  .max(2000)
  .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, 'an http(s) URL or a path starting with /');
const maxMembers = z.number().int().min(1).max(10_000_000);
const creditPool = z.number().int().min(0).max(1_000_000_000_000);

export const operatorCreateTenantBody = z
  .object({
    subdomain: subdomainSchema,
    ko_name: name,
    en_name: name,
    logo_url: logoUrl.nullish(),
    max_members: maxMembers.nullish(),
    credit_pool: creditPool.nullish(),
    plan_kind: planKindSchema.default('team'),
    auto_approve: z.boolean().default(false),
    /** The default group's monthly credits per member; absent: the server's `DEFAULT_MEMBER_CREDIT_QUOTA`. */
    member_credit_quota: z.number().int().min(0).max(1_000_000_000).optional(),
    /** The tenant's first administrator; without a password one is generated and returned once. */
    admin: z
      .object({
        email: z.string().trim().toLowerCase().email().max(254),
        name: name.default('Admin'),
        password: z.string().min(8).max(200).optional(),
      })
      .optional(),
  })
  .strict();
export type OperatorCreateTenantBody = z.input<typeof operatorCreateTenantBody>;

export const operatorCreateTenantResponse = z.object({
  tenant: operatorTenantSchema,
  /** The generated administrator password, shown only in this answer; null when given or no admin. */
  admin_password: z.string().nullable(),
});

export const operatorPatchTenantBody = z
  .object({
    ko_name: name.optional(),
    en_name: name.optional(),
    logo_url: logoUrl.nullish(),
    max_members: maxMembers.nullish(),
    credit_pool: creditPool.nullish(),
    plan_kind: planKindSchema.optional(),
    auto_approve: z.boolean().optional(),
  })
  .strict();
export type OperatorPatchTenantBody = z.input<typeof operatorPatchTenantBody>;

/** Every operator endpoint: the operator key, no tenant. A wrong or missing key is a 401 before anything else. */
const op = { auth: 'operator', tenantless: true, tags: ['operator'] } as const;

export const endpoints = defineEndpoints({
  list: { ...op, method: 'GET', path: '/operator/tenants/', response: operatorTenantList, errors: [401] },
  create: { ...op, method: 'POST', path: '/operator/tenants/', body: operatorCreateTenantBody, status: 201, response: operatorCreateTenantResponse, errors: [401, 409, 422] },
  get: { ...op, method: 'GET', path: '/operator/tenants/:id/', params: idParam, response: operatorTenantSchema, errors: [401, 404] },
  update: { ...op, method: 'PATCH', path: '/operator/tenants/:id/', params: idParam, body: operatorPatchTenantBody, response: operatorTenantSchema, errors: [401, 404, 422] },
  disable: {
    ...op,
    method: 'POST',
    path: '/operator/tenants/:id/disable/',
    description: 'Disables the tenant: its members get 423 `not_eligible` on sign-in, refresh and every call, its public paths too; running answers finish.',
    params: idParam,
    response: operatorTenantSchema,
    errors: [401, 404],
  },
  enable: { ...op, method: 'POST', path: '/operator/tenants/:id/enable/', params: idParam, response: operatorTenantSchema, errors: [401, 404] },
});
