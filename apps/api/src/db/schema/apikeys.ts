import { bigint, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { members } from './members';

/**
 * Developer API keys (issue 28): the secret's SHA-256 only. A key is found by its hash alone (the
 * `/v1` caller sends no tenant), so the hash is unique across tenants.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    tenantId: integer().notNull(),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    memberId: integer().notNull(),
    name: text().notNull(),
    prefix: text().notNull(),
    secretHash: text().notNull(),
    /** Chatbots the key may use; null = every chatbot its member may use. */
    chatbotIds: jsonb().$type<number[]>(),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    requestCount: integer().notNull().default(0),
    tokenCount: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('api_keys_secret_uq').on(t.secretHash),
    index('api_keys_member_idx').on(t.tenantId, t.memberId),
    foreignKey({ columns: [t.tenantId, t.memberId], foreignColumns: [members.tenantId, members.id] }).onDelete('cascade'),
  ],
);
