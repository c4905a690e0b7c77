import { type AuditActors, type AuditLogList, type AuditLogQuery, type AuditOperation, auditTargetKeys, auditValuesKeys } from '@app/contracts/audit-log';
import type { PersonalDataCategory, RestrictedWordsSettings, restrictedWordsSettingsBody } from '@app/contracts/governance';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { CacheHub } from '../../platform/cache';
import type { MemberContext, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { creditsToUnits } from '../credits/credits.rules';
import { pagination } from '../../platform/pagination';
import { auditNames, listAuditActors, listAuditLog } from './audit-log.repo';
import { findSettings, type GovernanceRow, saveSettings } from './governance.repo';
import { blockedPersonalData, maskPersonalData } from './personal-data.rules';
import { compileRestrictedWords, normaliseWord, type RestrictedWordMatcher } from './restricted-words.rules';

/** A tenant's screening, compiled once per process and dropped by the settings trigger (decision 009). */
interface Screen {
  matcher: RestrictedWordMatcher | null;
  block: boolean;
  mask: boolean;
}

/** What a message becomes after screening: the text to store and send, and what was masked. */
export interface Screened {
  text: string;
  masked: PersonalDataCategory[];
  /** The masking cost (spec §9) when something was masked, else 0. */
  maskingUnits: bigint;
}

function toSettings(row: GovernanceRow | undefined): RestrictedWordsSettings {
  return {
    restricted_words: row?.restrictedWords ?? [],
    block_personal_info: row?.blockPersonalInfo ?? false,
    mask_personal_info: row?.maskPersonalInfo ?? false,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

export interface GovernanceServiceDeps {
  db: Db;
  caches: CacheHub;
  /** The masking cost in credits (spec §9). */
  maskingCost: number;
}

async function getSettings(deps: GovernanceServiceDeps, ctx: TenantContext): Promise<RestrictedWordsSettings> {
  return toSettings(await findSettings(deps.db, ctx.tenantId));
}

/** Replaces the settings; a word twice (after normalisation) is refused naming it (spec §5). */
async function saveGovernance(deps: GovernanceServiceDeps, ctx: MemberContext, body: z.output<typeof restrictedWordsSettingsBody>): Promise<RestrictedWordsSettings> {
  const seen = new Map<string, string>();
  for (const word of body.restricted_words) {
    const key = normaliseWord(word);
    if (!key) throw new AppError('restricted_word_invalid', 'A restricted word needs at least one letter or digit', { word });
    const first = seen.get(key);
    if (first !== undefined) throw new AppError('restricted_word_duplicated', `"${word}" is the same word as "${first}"`, { word, existing: first });
    seen.set(key, word);
  }
  const row = await saveSettings(deps.db, ctx.tenantId, { restrictedWords: body.restricted_words, blockPersonalInfo: body.block_personal_info, maskPersonalInfo: body.mask_personal_info });
  deps.caches.invalidate(ctx.tenantId);
  return toSettings(row);
}

/** The audit log's actor filter: everyone with an entry, admins now or before. */
async function auditActors(deps: GovernanceServiceDeps, ctx: TenantContext): Promise<AuditActors> {
  const rows = await listAuditActors(deps.db, ctx.tenantId);
  return { items: rows.map((r) => ({ id: r.id, name: r.name, email: r.email, is_admin: r.isAdmin })) };
}

/** The tenant's audit log, newest first (read only: entries are written by the database's audit triggers). */
async function auditLog(deps: GovernanceServiceDeps, ctx: TenantContext, query: AuditLogQuery): Promise<AuditLogList> {
  const { page, size, ...filters } = query;
  const { rows, total } = await listAuditLog(deps.db, ctx.tenantId, filters, page, size);
  const keys = rows.flatMap(({ entry: e }) => [
    ...auditTargetKeys({ target_type: e.targetType, target_id: e.targetId }),
    ...auditValuesKeys(e.before),
    ...auditValuesKeys(e.after),
  ]);
  return {
    names: await auditNames(deps.db, ctx.tenantId, keys),
    items: rows.map(({ entry: e, actorName, actorEmail }) => ({
      id: e.id,
      actor: e.actorMemberId !== null && actorEmail !== null ? { id: e.actorMemberId, name: actorName ?? '', email: actorEmail } : null,
      actor_id: e.actorMemberId,
      action: e.action,
      target_type: e.targetType,
      operation: e.operation as AuditOperation,
      target_id: e.targetId,
      before: e.before,
      after: e.after,
      created_at: e.createdAt.toISOString(),
    })),
    pagination: pagination(page, size, total),
  };
}

/**
 * Governance (spec §3, §5, §8, §9): a tenant's restricted words and privacy mode, and THE screening
 * every chat path runs before anything reaches the model or is stored: a restricted word refuses
 * (428 `restricted_term` with the words found), block mode refuses personal data (428
 * `personal_data_found` with its categories), mask mode replaces it.
 */
export function createGovernanceService(deps: GovernanceServiceDeps) {
  const { db, caches } = deps;
  const maskingUnits = creditsToUnits(deps.maskingCost);
  const screens = caches.scoped<Screen>(10_000);

  async function screenOf(tenantId: number): Promise<Screen> {
    return (await caches.through(screens, tenantId, 'screen', async () => {
      const row = await findSettings(db, tenantId);
      const words = row?.restrictedWords ?? [];
      return { matcher: words.length ? compileRestrictedWords(words) : null, block: row?.blockPersonalInfo ?? false, mask: row?.maskPersonalInfo ?? false };
    }))!;
  }

  return {
    get: (ctx: TenantContext) => getSettings(deps, ctx),
    save: (ctx: MemberContext, body: z.output<typeof restrictedWordsSettingsBody>) => saveGovernance(deps, ctx, body),
    auditActors: (ctx: TenantContext) => auditActors(deps, ctx),
    auditLog: (ctx: TenantContext, query: AuditLogQuery) => auditLog(deps, ctx, query),

    /** Screens a member's message: refuses it (428), or gives the text to store and send. */
    async screen(tenantId: number, text: string): Promise<Screened> {
      const s = await screenOf(tenantId);
      const hits = s.matcher?.find(text) ?? [];
      if (hits.length) throw new AppError('restricted_term', undefined, { terms: hits.map((h) => h.term) });
      if (s.block) {
        const categories = blockedPersonalData(text);
        if (categories.length) throw new AppError('personal_data_found', undefined, { categories });
      }
      if (s.mask) {
        const masked = maskPersonalData(text);
        if (masked.count) return { text: masked.text, masked: masked.categories, maskingUnits };
      }
      return { text, masked: [], maskingUnits: 0n };
    },
  };
}
export type GovernanceService = ReturnType<typeof createGovernanceService>;
