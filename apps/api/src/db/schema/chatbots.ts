import { bigint, boolean, customType, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { llmModels } from './llm-models';
import { memberGroups, members } from './members';
import { tenants } from './tenants';
import { createdAt } from './columns';
import { sql } from 'drizzle-orm';

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
    /** Built-in tools switched on (decision 050), each once; a member whose groups may not use one chats without it. */
    tools: jsonb().$type<string[]>().notNull().default([]),
    /** Model requests one answer may make (agent steps) before it ends with a notice. */
    maxToolSteps: integer().notNull().default(10),
    isPublic: boolean().notNull().default(false),
    isDefault: boolean().notNull().default(false),
    waitingPublish: boolean().notNull().default(false),
    isHidden: boolean().notNull().default(false),
    /** The last publish request was rejected; `publishFeedback` holds the admin's reason. */
    publishRejected: boolean().notNull().default(false),
    publishFeedback: text(),
    messageCount: integer().notNull().default(0),
    tokenCount: bigint({ mode: 'number' }).notNull().default(0),
    /** This month's figures; `monthKey` (yyyymm) says which month they count. */
    monthKey: integer().notNull().default(0),
    monthMessageCount: integer().notNull().default(0),
    monthTokenCount: bigint({ mode: 'number' }).notNull().default(0),
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
    index('chatbots_creator_idx').on(t.tenantId, t.creatorId),
    index('chatbots_public_idx').on(t.tenantId, t.isPublic),
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

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * The approved, public version of a chatbot (spec §4): what other members and visitors get. The
 * chatbot's own row is the creator's draft; changes reach this row only when an admin approves them.
 */
export const chatbotReleases = pgTable(
  'chatbot_releases',
  {
    tenantId: integer().notNull(),
    chatbotId: integer().notNull(),
    llmModelId: integer().notNull(),
    koName: text().notNull(),
    enName: text().notNull(),
    profileImageUrl: text(),
    koKeyFeatures: text().notNull(),
    enKeyFeatures: text().notNull(),
    systemInstructions: text().notNull(),
    temperature: doublePrecision().notNull(),
    topP: doublePrecision().notNull(),
    tools: jsonb().$type<string[]>().notNull().default([]),
    maxToolSteps: integer().notNull().default(10),
    releasedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.chatbotId] }),
    foreignKey({ columns: [t.tenantId, t.chatbotId], foreignColumns: [chatbots.tenantId, chatbots.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.llmModelId], foreignColumns: [llmModels.tenantId, llmModels.id] }),
  ],
);

/** Groups whose members may use a public chatbot (spec §6). */
export const chatbotMemberGroups = pgTable(
  'chatbot_member_groups',
  { tenantId: integer().notNull(), chatbotId: integer().notNull(), memberGroupId: integer().notNull() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.chatbotId, t.memberGroupId] }),
    index('chatbot_member_groups_group_idx').on(t.tenantId, t.memberGroupId),
    foreignKey({ columns: [t.tenantId, t.chatbotId], foreignColumns: [chatbots.tenantId, chatbots.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.memberGroupId], foreignColumns: [memberGroups.tenantId, memberGroups.id] }).onDelete('cascade'),
  ],
);

/** The admins' queue: one request per submission, the snapshot it asks to publish, its decision. */
export const chatbotPublishRequests = pgTable(
  'chatbot_publish_requests',
  {
    tenantId: integer().notNull(),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    chatbotId: integer().notNull(),
    requestType: text().notNull(),
    status: text().notNull().default('pending'),
    snapshot: jsonb().notNull(),
    memberGroupIds: jsonb().$type<number[]>().notNull(),
    categoryId: integer(),
    requestedBy: integer(),
    reviewedBy: integer(),
    reason: text(),
    createdAt: createdAt(),
    reviewedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('chatbot_publish_requests_status_idx').on(t.tenantId, t.status, t.id),
    uniqueIndex('chatbot_publish_requests_pending_uq').on(t.tenantId, t.chatbotId).where(sql`status = 'pending'`),
    foreignKey({ columns: [t.tenantId, t.chatbotId], foreignColumns: [chatbots.tenantId, chatbots.id] }).onDelete('cascade'),
  ],
);

/** A member's recently used chatbots (spec §9: the dashboard keeps the first three). */
export const chatbotRelations = pgTable(
  'chatbot_relations',
  { tenantId: integer().notNull(), memberId: integer().notNull(), chatbotId: integer().notNull(), usedAt: createdAt() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.memberId, t.chatbotId] }),
    index('chatbot_relations_recent_idx').on(t.tenantId, t.memberId, t.usedAt),
    foreignKey({ columns: [t.tenantId, t.chatbotId], foreignColumns: [chatbots.tenantId, chatbots.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.memberId], foreignColumns: [members.tenantId, members.id] }).onDelete('cascade'),
  ],
);

/** Profile images, square WebP; never overwritten, so an approved version keeps its image. */
export const chatbotImages = pgTable(
  'chatbot_images',
  {
    tenantId: integer().notNull(),
    hashId: text().notNull(),
    chatbotId: integer().notNull(),
    contentType: text().notNull(),
    bytes: bytea().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.hashId] }),
    uniqueIndex('chatbot_images_hash_uq').on(t.hashId),
    foreignKey({ columns: [t.tenantId, t.chatbotId], foreignColumns: [chatbots.tenantId, chatbots.id] }).onDelete('cascade'),
  ],
);

/** Knowledge documents of a chatbot (the files issue makes them searchable). */
export const chatbotDocuments = pgTable(
  'chatbot_documents',
  {
    tenantId: integer().notNull(),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    chatbotId: integer().notNull(),
    name: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    /** Documents stored before the files issue; later ones live in the storage (`file_id`). */
    bytes: bytea(),
    /** The uploaded file: parsed, chunked and searched (modules/files, decision 034). */
    fileId: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('chatbot_documents_chatbot_idx').on(t.tenantId, t.chatbotId),
    foreignKey({ columns: [t.tenantId, t.chatbotId], foreignColumns: [chatbots.tenantId, chatbots.id] }).onDelete('cascade'),
  ],
);
