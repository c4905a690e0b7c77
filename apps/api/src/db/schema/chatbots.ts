import { boolean, doublePrecision, foreignKey, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { llmModels } from './llm-models';
import { members } from './members';
import { tenants } from './tenants';
import { createdAt } from './columns';

export const categories = pgTable(
  'categories',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    koName: text().notNull(),
    enName: text().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
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
