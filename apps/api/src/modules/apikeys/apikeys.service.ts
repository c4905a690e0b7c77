import { createHash, randomBytes } from 'node:crypto';
import type { ApiKey, ApiKeyList, CreatedApiKey, createApiKeyBody, UpdateApiKeyBody } from '@app/contracts/apikeys';
import { API_KEY_LIMITS } from '@app/contracts/apikeys';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { withTenant } from '../../db/tenant-scope';
import type { MemberContext, MemberRow, TenantRow } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { type CacheHub, TENANTLESS } from '../../platform/cache';
import { type ApiKeyRow, countMemberKeys, deleteKey, findKeyByHash, findKeyById, findMemberKey, insertKey, listMemberKeys, recordKeyUses, updateKey } from './apikeys.repo';

export type { ApiKeyRow };
const PREFIX = 'sk-cb-';
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

function toApiKey(k: ApiKeyRow): ApiKey {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    chatbot_ids: k.chatbotIds,
    expires_at: k.expiresAt?.toISOString() ?? null,
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
    request_count: k.requestCount,
    token_count: k.tokenCount,
    created_at: k.createdAt.toISOString(),
  };
}

/** What keys need of others: the rows a `/v1` caller acts as. */
export interface KeyOwners {
  tenantById(id: number): Promise<TenantRow | undefined>;
  memberById(tenantId: number, id: number): Promise<MemberRow | undefined>;
  /** Throws (404) unless the member may use the chatbot: a key names only those (issue 38 item 6). */
  usableChatbot(ctx: MemberContext, id: number): Promise<unknown>;
}

export interface ApiKeysServiceDeps {
  database: Database;
  caches: CacheHub;
  owners: KeyOwners;
  log?: (line: string) => void;
}

async function usableChatbots(deps: ApiKeysServiceDeps, ctx: MemberContext, ids: number[] | null | undefined): Promise<number[] | null> {
  if (!ids) return null;
  const unique = [...new Set(ids)];
  for (const id of unique) await deps.owners.usableChatbot(ctx, id);
  return unique;
}

async function create(deps: ApiKeysServiceDeps, ctx: MemberContext, body: z.output<typeof createApiKeyBody>): Promise<CreatedApiKey> {
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw new AppError('validation_error', 'The expiry must be in the future');
  if ((await countMemberKeys(deps.database.db, ctx.tenantId, ctx.member.id)) >= API_KEY_LIMITS.keysPerMember) {
    throw new AppError('too_many_api_keys', undefined, { max: API_KEY_LIMITS.keysPerMember });
  }
  const chatbotIds = await usableChatbots(deps, ctx, body.chatbot_ids);
  const secret = `${PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await insertKey(deps.database.db, ctx.tenantId, {
    memberId: ctx.member.id,
    name: body.name,
    prefix: `${secret.slice(0, PREFIX.length + 6)}…`,
    secretHash: hashOf(secret),
    chatbotIds,
    expiresAt,
  });
  return { ...toApiKey(row), secret };
}

async function update(deps: ApiKeysServiceDeps, ctx: MemberContext, id: number, body: UpdateApiKeyBody): Promise<ApiKey> {
  const key = await findMemberKey(deps.database.db, ctx.tenantId, ctx.member.id, id);
  if (!key) throw new AppError('not_found');
  const chatbotIds = body.chatbot_ids === undefined ? undefined : await usableChatbots(deps, ctx, body.chatbot_ids);
  const row = body.name === undefined && chatbotIds === undefined ? key : await updateKey(deps.database.db, ctx.tenantId, id, { name: body.name, chatbotIds });
  return toApiKey(row ?? key);
}

/** Revokes at once: the next request with the key is refused. */
async function remove(deps: ApiKeysServiceDeps, ctx: MemberContext, id: number): Promise<void> {
  if (!(await findMemberKey(deps.database.db, ctx.tenantId, ctx.member.id, id))) throw new AppError('not_found');
  await deleteKey(deps.database.db, ctx.tenantId, id);
}

/** How long a key's use counters may wait in memory before they are written (one statement for all keys a tenant used meanwhile). */
const USE_FLUSH_MS = 1000;

/** Developer API keys (issue 28): a member's named keys; the secret once, its SHA-256 kept. */
export function createApiKeysService(deps: ApiKeysServiceDeps) {
  const { database, caches, owners, log = () => undefined } = deps;
  const { db } = database;
  // Use counters (requests, tokens, last used) are display figures, not charges (the ledger has
  // those): they gather in memory and are written once a second, so a completion costs the
  // database no statement of its own. Reading the keys writes what waits first.
  const pending = new Map<number, Map<number, { id: number; requests: number; tokens: number; at: Date }>>();
  let timer: NodeJS.Timeout | null = null;
  async function flushUses(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const tenants = [...pending.entries()];
    pending.clear();
    for (const [tenantId, uses] of tenants) await withTenant(tenantId, async () => await recordKeyUses(db, tenantId, [...uses.values()]));
  }
  // Per process (decision 009): a secret's hash names one key for good; the key, its member and
  // tenant are dropped by their tables' triggers (a revoked key, a deactivated member).
  const keyIds = caches.scoped<{ tenantId: number; id: number }>(20_000);
  const keyRows = caches.scoped<ApiKeyRow>();
  const memberRows = caches.scoped<MemberRow>();
  const tenantRows = caches.scoped<TenantRow>(10_000);
  return {
    async list(ctx: MemberContext): Promise<ApiKeyList> {
      await flushUses();
      return { items: (await listMemberKeys(db, ctx.tenantId, ctx.member.id)).map(toApiKey) };
    },

    create: (ctx: MemberContext, body: z.output<typeof createApiKeyBody>) => create(deps, ctx, body),
    update: (ctx: MemberContext, id: number, body: UpdateApiKeyBody) => update(deps, ctx, id, body),
    remove: (ctx: MemberContext, id: number) => remove(deps, ctx, id),

    /**
     * A `/v1` caller's key, member and tenant, or `invalid_api_key` (401): unknown or revoked,
     * expired, or its member no longer active.
     */
    async authenticate(secret: string): Promise<{ key: ApiKeyRow; member: MemberRow; tenant: TenantRow }> {
      if (!secret.startsWith(PREFIX) || secret.length > 200) throw new AppError('invalid_api_key');
      const hash = hashOf(secret);
      const ref = await caches.through(keyIds, TENANTLESS, hash, async () => {
        const row = await findKeyByHash(database.owner, hash);
        return row && { tenantId: row.tenantId, id: row.id };
      });
      if (!ref) throw new AppError('invalid_api_key');
      const { tenantId } = ref;
      const key = await caches.through(keyRows, tenantId, String(ref.id), () => withTenant(tenantId, async () => await findKeyById(db, tenantId, ref.id)));
      if (!key || (key.expiresAt && key.expiresAt.getTime() <= Date.now())) throw new AppError('invalid_api_key');
      const [tenant, member] = await Promise.all([
        caches.through(tenantRows, tenantId, 'tenant', () => owners.tenantById(tenantId)),
        caches.through(memberRows, tenantId, String(key.memberId), () => withTenant(tenantId, async () => await owners.memberById(tenantId, key.memberId))),
      ]);
      if (!tenant || !member || member.memberStatus !== 'active') throw new AppError('invalid_api_key');
      // A tenant the operator disabled (decision 040).
      if (tenant.disabledAt) throw new AppError('not_eligible', 'This organisation is disabled; contact the service operator');
      return { key, member, tenant };
    },

    /** A completion's request and tokens, counted on its key (written within a second, or when the keys are read). */
    recordUse(tenantId: number, keyId: number, tokens: number): void {
      let uses = pending.get(tenantId);
      if (!uses) pending.set(tenantId, (uses = new Map()));
      const u = uses.get(keyId) ?? { id: keyId, requests: 0, tokens: 0, at: new Date() };
      uses.set(keyId, { id: keyId, requests: u.requests + 1, tokens: u.tokens + tokens, at: new Date() });
      timer ??= setTimeout(() => void flushUses().catch((err: Error) => log(`api key use counters not written: ${err.message}`)), USE_FLUSH_MS).unref();
    },
    /** Writes the counters that wait (the app's shutdown). */
    flushUses,
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
