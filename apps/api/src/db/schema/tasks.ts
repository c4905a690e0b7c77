import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tenants } from './tenants';

/**
 * Background tasks (exports now, imports later): a queue that lives in the database, claimed by
 * the instances' runners, its progress and result kept for the admin who asked (decision 025).
 */
export const tasks = pgTable(
  'tasks',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    kind: text().notNull(),
    /** queued → running → completed | failed */
    status: text().notNull().default('queued'),
    params: jsonb().notNull().default({}),
    total: integer().notNull().default(0),
    done: integer().notNull().default(0),
    createdBy: integer(),
    /** The result file under DATA_DIR/files/tasks and the name it downloads as. */
    resultPath: text(),
    resultName: text(),
    error: text(),
    createdAt: createdAt(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** Moved while a runner works on it: a running task whose heartbeat stopped was interrupted. */
    heartbeatAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('tasks_queue_idx').on(t.status, t.id), uniqueIndex('tasks_result_uq').on(t.resultPath)],
);
