import { timestamp } from 'drizzle-orm/pg-core';

/** Creation (and update) stamps of every table. */
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
