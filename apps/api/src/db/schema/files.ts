import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { chatbots } from './chatbots';
import { createdAt } from './columns';
import { members } from './members';
import { tenants } from './tenants';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Uploaded files (spec §3 File, §7 Files): chat attachments and chatbots' knowledge documents. The
 * bytes live in the storage (local disk or S3-compatible) under `storage_key`, which starts with
 * the tenant; the row says who may read them and how far parsing got.
 */
export const files = pgTable(
  'files',
  {
    tenantId: integer()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    memberId: integer().notNull(),
    /** attachment (chat) | document (a chatbot's knowledge). */
    purpose: text().notNull().default('attachment'),
    chatbotId: integer(),
    sessionId: text(),
    attachedFileIds: jsonb().$type<number[]>().notNull().default([]),
    name: text().notNull(),
    contentType: text().notNull(),
    /** pdf | docx | xlsx | csv | pptx | html | markdown | text | image */
    kind: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    storageKey: text().notNull(),
    accessLevel: text().notNull().default('public'),
    shouldExpire: boolean().notNull().default(true),
    expiresAt: timestamp({ withTimezone: true }),
    /** queued | parsing | parsed | partial | no_text | failed */
    status: text().notNull().default('queued'),
    pageCount: integer().notNull().default(0),
    parsedPages: integer().notNull().default(0),
    /** Why parsing is partial, found no text, or failed (for the member). */
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('files_member_idx').on(t.tenantId, t.memberId),
    index('files_expiry_idx').on(t.expiresAt).where(sql`should_expire`),
    index('files_pending_idx').on(t.status).where(sql`status in ('queued', 'parsing')`),
    foreignKey({ columns: [t.tenantId, t.memberId], foreignColumns: [members.tenantId, members.id] }).onDelete('cascade'),
  ],
);

/** The text parsed out of a file (deleted with it). */
export const fileTexts = pgTable(
  'file_texts',
  {
    tenantId: integer().notNull(),
    fileId: integer().notNull(),
    text: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.fileId] }), foreignKey({ columns: [t.tenantId, t.fileId], foreignColumns: [files.tenantId, files.id] }).onDelete('cascade')],
);

/**
 * A chatbot's knowledge, cut into overlapping chunks: full-text search on a `simple` tsvector (no
 * language's stemming, so Korean and English alike) and trigram similarity on the body.
 */
export const documentChunks = pgTable(
  'document_chunks',
  {
    tenantId: integer().notNull(),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    chatbotId: integer().notNull(),
    fileId: integer().notNull(),
    ord: integer().notNull(),
    heading: text().notNull().default(''),
    body: text().notNull(),
    search: tsvector()
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, heading || ' ' || body)`),
    /** The chunk's vector from the configured embeddings model (EMBEDDING_MODEL), and that model's name; null without one. */
    embedding: real().array(),
    embeddingModel: text(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('document_chunks_chatbot_idx').on(t.tenantId, t.chatbotId),
    index('document_chunks_file_idx').on(t.tenantId, t.fileId),
    index('document_chunks_search_idx').using('gin', t.search),
    index('document_chunks_trgm_idx').using('gin', t.body.op('gin_trgm_ops')),
    foreignKey({ columns: [t.tenantId, t.fileId], foreignColumns: [files.tenantId, files.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.chatbotId], foreignColumns: [chatbots.tenantId, chatbots.id] }).onDelete('cascade'),
  ],
);

/** Pages a member uploaded per UTC day (the daily page limit, spec §8 429). */
export const filePageUsage = pgTable(
  'file_page_usage',
  {
    tenantId: integer().notNull(),
    memberId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    pages: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.memberId, t.day] }), foreignKey({ columns: [t.tenantId, t.memberId], foreignColumns: [members.tenantId, members.id] }).onDelete('cascade')],
);
