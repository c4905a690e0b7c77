import type { Executor } from '../../db/client';
import { columnsOf, namesOf, viewBuilder } from '../../db/read-only';
import { llmModels } from '../../db/schema/llm-models';

/**
 * What the llm-models module lends other modules' queries to join (decision 055), read-only: the
 * models, every column, under the name given (a chatbot's list and chat reads join its model and
 * its approved version's model in one statement). `columns` is the row read through the view.
 */
export function llmModelsView<N extends string>(name: N) {
  const view = viewBuilder.select().from(llmModels).as(name);
  return { view, columns: columnsOf(llmModels, view) };
}

/** The names of models by id (their display names), for the audit log's entries. */
export function namesOfLlmModels(db: Executor, tenantId: number, ids: number[]) {
  return namesOf(db, llmModels, llmModels.displayName, llmModels.displayName, tenantId, ids);
}
