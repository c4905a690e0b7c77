import { sql } from 'drizzle-orm';
import { bigint, boolean, date, doublePrecision, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, memberGroups, tenants } from './tenancy';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const llmModels = pgTable(
  'llm_models',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    modelName: text().notNull(),
    displayName: text().notNull(),
    contextLimit: integer().notNull(),
    /** Credits per 10K tokens × 10^4, so that tokens × cost is an exact count of 1e-8 credits. */
    inputCostE4: bigint({ mode: 'bigint' }).notNull(),
    outputCostE4: bigint({ mode: 'bigint' }).notNull(),
    isLowLlm: boolean().notNull().default(false),
    isEnabled: boolean().notNull().default(true),
    releaseDate: date(),
    supportsVision: boolean().notNull().default(false),
    supportsThinking: boolean().notNull().default(false),
    supportsWebSearch: boolean().notNull().default(false),
    supportsImageGeneration: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('llm_models_name_uq').on(t.tenantId, t.provider, t.modelName)],
);

/** Per-group model permission. No row = allowed. */
export const llmModelGroupAccess = pgTable(
  'llm_model_group_access',
  {
    tenantId: integer().notNull(),
    llmModelId: integer().notNull(),
    memberGroupId: integer().notNull(),
    isAvailable: boolean().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.llmModelId, t.memberGroupId] }),
    foreignKey({ columns: [t.tenantId, t.llmModelId], foreignColumns: [llmModels.tenantId, llmModels.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.memberGroupId], foreignColumns: [memberGroups.tenantId, memberGroups.id] }).onDelete('cascade'),
  ],
);

export const chatbots = pgTable(
  'chatbots',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    hashId: text().notNull(),
    creatorId: integer(),
    llmModelId: integer().notNull(),
    koName: text().notNull(),
    enName: text().notNull(),
    profileImageUrl: text(),
    koKeyFeatures: text().notNull().default(''),
    enKeyFeatures: text().notNull().default(''),
    systemInstructions: text().notNull().default(''),
    temperature: doublePrecision().notNull().default(1),
    topP: doublePrecision().notNull().default(1),
    isPublic: boolean().notNull().default(false),
    isDefault: boolean().notNull().default(false),
    waitingPublish: boolean().notNull().default(false),
    messageCount: integer().notNull().default(0),
    lastChatAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('chatbots_hash_uq').on(t.hashId),
    foreignKey({ columns: [t.tenantId, t.llmModelId], foreignColumns: [llmModels.tenantId, llmModels.id] }),
    foreignKey({ columns: [t.tenantId, t.creatorId], foreignColumns: [members.tenantId, members.id] }).onDelete('set null'),
  ],
);

export const chatbotCategories = pgTable(
  'chatbot_categories',
  { tenantId: integer().notNull(), chatbotId: integer().notNull(), categoryId: integer().notNull() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.chatbotId, t.categoryId] }),
    foreignKey({ columns: [t.tenantId, t.chatbotId], foreignColumns: [chatbots.tenantId, chatbots.id] }).onDelete('cascade'),
  ],
);

export const chatSessions = pgTable(
  'chat_sessions',
  {
    tenantId: integer().notNull(),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    hashId: text().notNull(),
    memberId: integer().notNull(),
    chatbotId: integer().notNull(),
    title: text(),
    isTest: boolean().notNull().default(false),
    lastChatAt: createdAt(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('chat_sessions_hash_uq').on(t.hashId),
    index('chat_sessions_member_idx').on(t.tenantId, t.memberId, t.lastChatAt),
    foreignKey({ columns: [t.tenantId, t.memberId], foreignColumns: [members.tenantId, members.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.chatbotId], foreignColumns: [chatbots.tenantId, chatbots.id] }),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    tenantId: integer().notNull(),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    sessionId: integer().notNull(),
    speakerType: text().notNull(),
    text: text().notNull().default(''),
    reasoning: text(),
    status: text().notNull(),
    llmModelId: integer(),
    inputTokens: integer().notNull().default(0),
    outputTokens: integer().notNull().default(0),
    creditUnits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('chat_messages_session_idx').on(t.tenantId, t.sessionId, t.id),
    foreignKey({ columns: [t.tenantId, t.sessionId], foreignColumns: [chatSessions.tenantId, chatSessions.id] }).onDelete('cascade'),
  ],
);

/** Append-only. amount_units is signed, in 1e-8 credits: usage is negative. Rows outlive sessions. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    kind: text().notNull(),
    memberId: integer(),
    memberGroupId: integer(),
    llmModelId: integer(),
    sessionId: integer(),
    messageId: integer(),
    inputTokens: integer().notNull().default(0),
    outputTokens: integer().notNull().default(0),
    amountUnits: bigint({ mode: 'bigint' }).notNull(),
    periodStart: date().notNull(),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('credit_ledger_member_idx').on(t.tenantId, t.memberId, t.periodStart)],
);

/** Running monthly totals per member, updated in the ledger's transaction under a row lock. */
export const memberCreditUsage = pgTable(
  'member_credit_usage',
  {
    tenantId: integer().notNull(),
    memberId: integer().notNull(),
    periodStart: date().notNull(),
    usedUnits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    messageCount: integer().notNull().default(0),
    inputTokens: bigint({ mode: 'number' }).notNull().default(0),
    outputTokens: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.memberId, t.periodStart] }),
    foreignKey({ columns: [t.tenantId, t.memberId], foreignColumns: [members.tenantId, members.id] }).onDelete('cascade'),
  ],
);

export const tenantCreditUsage = pgTable(
  'tenant_credit_usage',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    periodStart: date().notNull(),
    usedUnits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.periodStart] })],
);
