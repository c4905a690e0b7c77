import { randomBytes } from 'node:crypto';
import type { ChatSettings, PatchChatSettingsBody } from '@app/contracts/chat-settings';
import { subdomainSchema } from '@app/contracts/tenants';
import type { Db, Executor } from '../../db/client';
import type { CatalogModel } from '../../llm/catalog';
import { type CacheHub, TENANTLESS } from '../../platform/cache';
import type { TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { provisionCategories } from '../categories/categories.service';
import { provisionDefaultChatbot } from '../chatbots/chatbots.service';
import { creditsToUnits } from '../credits/credits.rules';
import { provisionModels } from '../llm-models/llm-models.service';
import { provisionMember, provisionMemberGroup } from '../members/members.service';
import { findTenantById, findTenantBySubdomain, insertTenant, listTenants, type TenantChanges, updateTenant } from './tenants.repo';

export { findTenantById, findTenantBySubdomain, listTenants, updateTenant };
export type { TenantChanges };

export interface NewAccount {
  email: string;
  password: string;
  name: string;
  isAdmin: boolean;
}

export interface CreateTenantInput {
  subdomain: string;
  koName: string;
  enName: string;
  logoUrl?: string | null;
  memberCreditQuota: number;
  /** The plan's member maximum; null or absent = no limit. */
  maxMembers?: number | null;
  /** Sign-ups become members at once instead of waiting for approval. */
  autoApprove?: boolean;
  /** The tenant-wide monthly credit pool in credit units; null or absent = no tenant pool. */
  creditQuotaUnits?: bigint | null;
  /** free | team (default) | enterprise. */
  planKind?: string;
  accounts: NewAccount[];
}

export function generatePassword(): string {
  // Letters, digits and a symbol, so it passes the sign-up rule too.
  return `${randomBytes(9).toString('base64url')}7!`;
}

/** Adds model rows (and their default chatbot) a tenant lacks; never removes or edits existing ones. */
export async function syncModels(tx: Executor, tenantId: number, catalog: CatalogModel[]): Promise<number> {
  const added = await provisionModels(tx, tenantId, catalog);
  for (const model of added) await provisionDefaultChatbot(tx, tenantId, model);
  return added.length;
}

/**
 * Creates a tenant with its default group, categories, models and default chatbots, and the
 * given accounts, in one transaction: a failure leaves nothing behind.
 */
export async function createTenant(db: Db, input: CreateTenantInput, catalog: CatalogModel[]) {
  const sub = subdomainSchema.safeParse(input.subdomain);
  if (!sub.success) throw new AppError('validation_error', `Invalid subdomain "${input.subdomain}": use lower-case letters, digits and hyphens`);
  if (!input.koName.trim() || !input.enName.trim()) throw new AppError('validation_error', 'Korean and English names are required');
  if (await findTenantBySubdomain(db, sub.data)) throw new AppError('conflict', `Tenant "${sub.data}" already exists`);
  const hashed = await Promise.all(input.accounts.map(async (a) => ({ ...a, passwordHash: await hashPassword(a.password) })));

  try {
    return await db.transaction(async (tx) => {
      const tenant = await insertTenant(tx, {
        subdomain: sub.data,
        koName: input.koName.trim(),
        enName: input.enName.trim(),
        logoUrl: input.logoUrl ?? null,
        maxMembers: input.maxMembers ?? null,
        autoApprove: input.autoApprove ?? false,
        creditQuotaUnits: input.creditQuotaUnits ?? null,
        ...(input.planKind && { planKind: input.planKind }),
      });
      const group = await provisionMemberGroup(tx, tenant.id, {
        koName: '기본 그룹',
        enName: 'Default group',
        isDefault: true,
        memberCreditQuotaUnits: creditsToUnits(input.memberCreditQuota),
      });
      await provisionCategories(tx, tenant.id);
      await syncModels(tx, tenant.id, catalog);
      const members = [];
      for (const a of hashed) {
        members.push(
          await provisionMember(tx, tenant.id, {
            email: a.email,
            name: a.name,
            passwordHash: a.passwordHash,
            isAdmin: a.isAdmin,
            language: 'ko',
            memberStatus: 'active',
            defaultMemberGroupId: group.id,
          }),
        );
      }
      return { tenant, defaultGroup: group, members };
    });
  } catch (err) {
    // Two creators racing for one subdomain: the unique index decides.
    if ((err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') {
      throw new AppError('conflict', `Tenant "${sub.data}" already exists, or an account email repeats`);
    }
    throw err;
  }
}

/**
 * Changes a tenant's names, logo, plan and limits (the operator API, `npm run tenant -- set`), or
 * disables it (`disabledAt`: its members get 423 `not_eligible` on every call, decision 040).
 * The tenants table's trigger tells every instance's caches.
 */
export async function changeTenant(db: Executor, id: number, changes: TenantChanges) {
  if (changes.koName !== undefined && !changes.koName.trim()) throw new AppError('validation_error', 'Korean and English names are required');
  if (changes.enName !== undefined && !changes.enName.trim()) throw new AppError('validation_error', 'Korean and English names are required');
  const row = Object.keys(changes).length > 0 ? await updateTenant(db, id, changes) : await findTenantById(db, id);
  if (!row) throw new AppError('tenant_not_found');
  return row;
}

/**
 * After a change to a tenant's row: this process's tenant caches go at once (rows are cached by
 * subdomain, tenantless, and with the tenant's own entries); other instances hear the tenants
 * table's trigger (decision 009).
 */
export function dropTenantCaches(caches: Pick<CacheHub, 'invalidate'>, tenantId: number): void {
  caches.invalidate(TENANTLESS);
  caches.invalidate(tenantId);
}

export interface ChatSettingsServiceDeps {
  db: Db;
  caches: Pick<CacheHub, 'invalidate'>;
}

const presentChatSettings = (tenant: { stopAnswersWithoutReader: boolean }): ChatSettings => ({ stop_answers_without_reader: tenant.stopAnswersWithoutReader });

/**
 * Console "Chat settings": whether a member's answer is stopped once nobody reads it (decision
 * 037; default: it finishes and is charged). They are columns of the tenant's row, which the
 * request already holds (`ctx.tenant`), and which the chat path reads from there. The admin
 * route's change is in the audit log through the tenants table's audit trigger (migration 0015).
 */
export function createChatSettingsService(deps: ChatSettingsServiceDeps) {
  const { db, caches } = deps;
  return {
    get: (ctx: TenantContext): ChatSettings => presentChatSettings(ctx.tenant),
    async update(ctx: TenantContext, body: PatchChatSettingsBody): Promise<ChatSettings> {
      const row = await changeTenant(db, ctx.tenantId, { stopAnswersWithoutReader: body.stop_answers_without_reader });
      dropTenantCaches(caches, ctx.tenantId);
      return presentChatSettings(row);
    },
  };
}
export type ChatSettingsService = ReturnType<typeof createChatSettingsService>;
