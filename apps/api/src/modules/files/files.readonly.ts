import { viewBuilder } from '../../db/read-only';
import { files } from '../../db/schema/files';

/**
 * What the files module lends other modules' queries to join (decision 055), read-only: a file's
 * parse status. A chatbot's documents list shows each document's status beside its name.
 */
export const fileStatuses = viewBuilder
  .select({ tenantId: files.tenantId, id: files.id, status: files.status, pageCount: files.pageCount, note: files.note })
  .from(files)
  .as('files');
