import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { chatbots } from './chatbots';
import { members } from './members';
import { createdAt } from './columns';

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
    /** `member` for a member's own chat; `public` for a visitor's chat through a public link (charged to the creator); `api` for a completion of the developer API. */
    origin: text().notNull().default('member'),
    /** Set while the member shares the session as a read-only public page. */
    shareHashId: text(),
    lastChatAt: createdAt(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('chat_sessions_hash_uq').on(t.hashId),
    uniqueIndex('chat_sessions_share_uq').on(t.shareHashId),
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
    /** The files of the message (a question's attachments, an answer's images): id, type and name; links are made when read. */
    attachments: jsonb().$type<Array<{ id: number; type: string; name: string }>>().notNull().default([]),
    /** An answer's sources (web search results, knowledge document excerpts), shown as citations. */
    sources: jsonb().$type<Array<Record<string, unknown>>>().notNull().default([]),
    /**
     * While an answer streams: what it would be charged if it ended at the last flush (its running
     * token counts and credits, the ledger row's other fields, the month). A crash's recovery
     * charges it (decision 046); the close clears it.
     */
    pendingCharge: jsonb().$type<Record<string, unknown>>(),
    /** An answer's tool calls (agent steps, decision 050): the contract's ToolCallRecord[], flushed while it streams. */
    toolCalls: jsonb().$type<Array<Record<string, unknown>>>().notNull().default([]),
    /** Why an answer with tools ended early (`tool_step_limit`, `tool_credits_depleted`). */
    notice: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('chat_messages_session_idx').on(t.tenantId, t.sessionId, t.id),
    foreignKey({ columns: [t.tenantId, t.sessionId], foreignColumns: [chatSessions.tenantId, chatSessions.id] }).onDelete('cascade'),
  ],
);
