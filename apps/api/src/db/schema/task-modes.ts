import { boolean, foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { llmModels } from './llm-models';
import { tenants } from './tenants';

/** A tenant's task modes (issue 27 §3): presets that wrap a chat message in a prompt template. */
export const taskModes = pgTable(
  'task_modes',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    koName: text().notNull(),
    enName: text().notNull(),
    promptTemplate: text().notNull(),
    llmModelId: integer(),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('task_modes_order_idx').on(t.tenantId, t.sortOrder),
    foreignKey({ columns: [t.tenantId, t.llmModelId], foreignColumns: [llmModels.tenantId, llmModels.id] }).onDelete('set null'),
  ],
);
