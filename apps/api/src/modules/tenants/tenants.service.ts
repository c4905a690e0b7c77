import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { subdomainSchema } from '@app/contracts/tenants';
import type { Db, Executor } from '../../db/client';
import { categories, chatbots, llmModels, memberGroups } from '../../db/schema/index';
import type { CatalogModel } from '../../llm/catalog';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { newHashId } from '../../platform/tokens';
import { costToE4, creditsToUnits } from '../credits/credits.rules';
import { insertMember } from '../members/members.repo';
import { findTenantBySubdomain, insertTenant } from './tenants.repo';

/** Spec §3's example category set, created for every new tenant. */
export const DEFAULT_CATEGORIES: Array<[string, string]> = [
  ['Writing', '글쓰기'],
  ['Productivity', '생산성'],
  ['Research & Analysis', '리서치 및 분석'],
  ['Education', '교육'],
  ['Lifestyle', '라이프스타일'],
  ['Programming', '프로그래밍'],
];

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
  accounts: NewAccount[];
}

export function generatePassword(): string {
  // Letters, digits and a symbol, so it passes the sign-up rule too.
  return `${randomBytes(9).toString('base64url')}7!`;
}

/** Adds model rows (and their default chatbot) a tenant lacks; never removes or edits existing ones. */
export async function syncModels(tx: Executor, tenantId: number, catalog: CatalogModel[]): Promise<number> {
  let added = 0;
  for (const m of catalog) {
    const existing = await tx.query.llmModels.findFirst({
      where: and(eq(llmModels.tenantId, tenantId), eq(llmModels.provider, m.provider), eq(llmModels.modelName, m.modelName)),
    });
    if (existing) continue;
    const [row] = await tx
      .insert(llmModels)
      .values({
        tenantId,
        provider: m.provider,
        modelName: m.modelName,
        displayName: m.displayName,
        contextLimit: m.contextLimit,
        inputCostE4: costToE4(m.inputCost),
        outputCostE4: costToE4(m.outputCost),
        isLowLlm: m.isLowLlm,
        releaseDate: m.releaseDate,
        supportsVision: m.supportsVision,
        supportsThinking: m.supportsThinking,
        supportsWebSearch: m.supportsWebSearch,
        supportsImageGeneration: m.supportsImageGeneration,
      })
      .returning();
    await tx.insert(chatbots).values({
      tenantId,
      hashId: newHashId(12),
      llmModelId: row!.id,
      koName: m.displayName,
      enName: m.displayName,
      koKeyFeatures: `${m.displayName} 모델과 바로 대화합니다.`,
      enKeyFeatures: `Chat directly with ${m.displayName}.`,
      isDefault: true,
      isPublic: false,
    });
    added += 1;
  }
  return added;
}

/**
 * Creates a tenant with its default group, categories, models and default chatbots, and the
 * given accounts, in one transaction: a failure leaves nothing behind.
 */
export async function createTenant(db: Db, input: CreateTenantInput, catalog: CatalogModel[]) {
  const sub = subdomainSchema.safeParse(input.subdomain);
  if (!sub.success) throw new AppError('validation_error', 422, `Invalid subdomain "${input.subdomain}": use lower-case letters, digits and hyphens`);
  if (!input.koName.trim() || !input.enName.trim()) throw new AppError('validation_error', 422, 'Korean and English names are required');
  if (await findTenantBySubdomain(db, sub.data)) throw new AppError('conflict', 409, `Tenant "${sub.data}" already exists`);
  const hashed = await Promise.all(input.accounts.map(async (a) => ({ ...a, passwordHash: await hashPassword(a.password) })));

  try {
    return await db.transaction(async (tx) => {
      const tenant = await insertTenant(tx, { subdomain: sub.data, koName: input.koName.trim(), enName: input.enName.trim(), logoUrl: input.logoUrl ?? null });
      const [group] = await tx
        .insert(memberGroups)
        .values({ tenantId: tenant.id, koName: '기본 그룹', enName: 'Default group', isDefault: true, memberCreditQuotaUnits: creditsToUnits(input.memberCreditQuota) })
        .returning();
      await tx.insert(categories).values(DEFAULT_CATEGORIES.map(([en, ko], i) => ({ tenantId: tenant.id, enName: en, koName: ko, sortOrder: i })));
      await syncModels(tx, tenant.id, catalog);
      const members = [];
      for (const a of hashed) {
        members.push(
          await insertMember(tx, tenant.id, {
            email: a.email,
            name: a.name,
            passwordHash: a.passwordHash,
            isAdmin: a.isAdmin,
            language: 'ko',
            memberStatus: 'active',
            defaultMemberGroupId: group!.id,
          }),
        );
      }
      return { tenant, defaultGroup: group!, members };
    });
  } catch (err) {
    // Two creators racing for one subdomain: the unique index decides.
    if ((err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') {
      throw new AppError('conflict', 409, `Tenant "${sub.data}" already exists, or an account email repeats`);
    }
    throw err;
  }
}
