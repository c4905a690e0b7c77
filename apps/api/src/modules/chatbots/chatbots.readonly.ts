import type { Executor } from '../../db/client';
import { namesOf } from '../../db/read-only';
import { chatbots } from '../../db/schema/chatbots';

// What the chatbots module lends other modules (decision 055), read-only.

/** The names of chatbots by id, for the audit log's entries. */
export function namesOfChatbots(db: Executor, tenantId: number, ids: number[]) {
  return namesOf(db, chatbots, chatbots.koName, chatbots.enName, tenantId, ids);
}
