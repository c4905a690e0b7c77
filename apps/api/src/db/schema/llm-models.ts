import { sql } from 'drizzle-orm';
import { bigint, boolean, date, foreignKey, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { memberGroups } from './members';
import { tenants } from './tenants';
import { createdAt } from './columns';

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
    /** Credits per web search and per generated image, × 10^4 (issue 24: their own costs). */
    webSearchCostE4: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    imageCostE4: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
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
