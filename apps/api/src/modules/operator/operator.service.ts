import type { OperatorCreateTenantBody, OperatorPatchTenantBody, OperatorTenant } from '@app/contracts/operator';
import { operatorCreateTenantBody, operatorPatchTenantBody } from '@app/contracts/operator';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { CatalogModel } from '../../llm/catalog';
import type { CacheHub } from '../../platform/cache';
import type { TenantRow } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { creditsToUnits, unitsToDisplay } from '../credits/credits.rules';
import { changeTenant, createTenant, dropTenantCaches, findTenantById, generatePassword, listTenants, type TenantChanges } from '../tenants/tenants.service';

export function presentTenant(t: TenantRow): OperatorTenant {
  return {
    id: t.id,
    subdomain: t.subdomain,
    ko_name: t.koName,
    en_name: t.enName,
    logo_url: t.logoUrl,
    max_members: t.maxMembers,
    credit_pool: t.creditQuotaUnits === null ? null : unitsToDisplay(t.creditQuotaUnits),
    plan_kind: t.planKind,
    auto_approve: t.autoApprove,
    disabled_at: t.disabledAt?.toISOString() ?? null,
    created_at: t.createdAt.toISOString(),
  };
}

export interface OperatorServiceDeps {
  /** The owner's connection: the operator works across tenants, past row-level security. */
  owner: Db;
  caches: Pick<CacheHub, 'invalidate'>;
  catalog: () => CatalogModel[];
  defaultMemberCreditQuota: number;
}

function changed(deps: OperatorServiceDeps, row: TenantRow): OperatorTenant {
  dropTenantCaches(deps.caches, row.id);
  return presentTenant(row);
}

async function tenantOr404(deps: OperatorServiceDeps, id: number): Promise<TenantRow> {
  const row = await findTenantById(deps.owner, id);
  if (!row) throw new AppError('tenant_not_found');
  return row;
}

async function create(deps: OperatorServiceDeps, input: OperatorCreateTenantBody): Promise<{ tenant: OperatorTenant; admin_password: string | null }> {
  const body: z.output<typeof operatorCreateTenantBody> = operatorCreateTenantBody.parse(input);
  const generated = body.admin && !body.admin.password ? generatePassword() : null;
  const created = await createTenant(
    deps.owner,
    {
      subdomain: body.subdomain,
      koName: body.ko_name,
      enName: body.en_name,
      logoUrl: body.logo_url ?? null,
      maxMembers: body.max_members ?? null,
      autoApprove: body.auto_approve,
      creditQuotaUnits: body.credit_pool == null ? null : creditsToUnits(body.credit_pool),
      planKind: body.plan_kind,
      memberCreditQuota: body.member_credit_quota ?? deps.defaultMemberCreditQuota,
      accounts: body.admin ? [{ email: body.admin.email, name: body.admin.name, password: body.admin.password ?? generated!, isAdmin: true }] : [],
    },
    deps.catalog(),
  );
  return { tenant: changed(deps, created.tenant), admin_password: generated };
}

async function update(deps: OperatorServiceDeps, id: number, input: OperatorPatchTenantBody): Promise<OperatorTenant> {
  const b: z.output<typeof operatorPatchTenantBody> = operatorPatchTenantBody.parse(input);
  const changes: TenantChanges = {
    ...(b.ko_name !== undefined && { koName: b.ko_name }),
    ...(b.en_name !== undefined && { enName: b.en_name }),
    ...(b.logo_url !== undefined && { logoUrl: b.logo_url }),
    ...(b.max_members !== undefined && { maxMembers: b.max_members }),
    ...(b.credit_pool !== undefined && { creditQuotaUnits: b.credit_pool === null ? null : creditsToUnits(b.credit_pool) }),
    ...(b.plan_kind !== undefined && { planKind: b.plan_kind }),
    ...(b.auto_approve !== undefined && { autoApprove: b.auto_approve }),
  };
  return changed(deps, await changeTenant(deps.owner, id, changes));
}

/** Disables (its members get 423 from the next request on) or enables a tenant; idempotent, the first disabling time is kept. */
async function setDisabled(deps: OperatorServiceDeps, id: number, disabled: boolean): Promise<OperatorTenant> {
  const row = await tenantOr404(deps, id);
  if (disabled === (row.disabledAt !== null)) return presentTenant(row);
  return changed(deps, await changeTenant(deps.owner, id, { disabledAt: disabled ? new Date() : null }));
}

/**
 * The operator API (issue 30 item 5, decision 040): tenants across the platform, on the owner's
 * connection (no tenant scope applies to the operator). Creation goes through the tenants
 * service's `createTenant`, as the demo seed and `npm run tenant` do. After a change this
 * process's tenant caches are dropped at once; other instances hear the tenants table's trigger.
 */
export function createOperatorService(deps: OperatorServiceDeps) {
  return {
    list: async (): Promise<OperatorTenant[]> => (await listTenants(deps.owner)).map(presentTenant),
    get: async (id: number): Promise<OperatorTenant> => presentTenant(await tenantOr404(deps, id)),
    create: (input: OperatorCreateTenantBody) => create(deps, input),
    update: (id: number, input: OperatorPatchTenantBody) => update(deps, id, input),
    setDisabled: (id: number, disabled: boolean) => setDisabled(deps, id, disabled),
  };
}
export type OperatorService = ReturnType<typeof createOperatorService>;
