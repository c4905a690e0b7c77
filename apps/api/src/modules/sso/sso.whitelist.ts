import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { BulkUpsertWhitelistResponse, ListWhitelistQuery, WhitelistList } from '@app/contracts/sso';
import type { listWhitelistQuery } from '@app/contracts/sso';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { MemberContext } from '../../platform/context';
import { offsetOf, pagination } from '../../platform/pagination';
import { csvCell } from '../members/members.service';
import { countWhitelist, deleteWhitelist, listWhitelist, upsertWhitelist, whitelistAfter } from './sso.repo';

export const WHITELIST_EXPORT_TASK = 'sso_whitelist_export';
const EXPORT_PAGE = 1000;

export interface WhitelistServiceDeps {
  db: Db;
  /** Rows the console sends per upload request (the bulk invite's setting). */
  batchSize: number;
}

async function list(deps: WhitelistServiceDeps, ctx: MemberContext, q: z.output<typeof listWhitelistQuery>): Promise<WhitelistList> {
  const { rows, total } = await listWhitelist(deps.db, ctx.tenantId, { offset: offsetOf(q.page, q.size), limit: q.size, search: q.search_term?.toLowerCase(), orderBy: q.order_by });
  return { items: rows.map((r) => ({ id: r.id, email: r.email, created_at: r.createdAt.toISOString() })), pagination: pagination(q.page, q.size, total) };
}

async function bulkUpsert(deps: WhitelistServiceDeps, ctx: MemberContext, emails: string[]): Promise<BulkUpsertWhitelistResponse> {
  const unique = [...new Set(emails.map((e) => e.toLowerCase()))];
  const created = await upsertWhitelist(deps.db, ctx.tenantId, unique);
  return { created, existing: emails.length - created };
}

/** The export task's handler: every entry as CSV (UTF-8 with a byte order mark), a page at a time. */
async function exportCsv(deps: WhitelistServiceDeps, tenantId: number, file: string, report: (done: number, total: number) => Promise<void>): Promise<void> {
  const total = await countWhitelist(deps.db, tenantId);
  const out = createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  await write('\uFEFFemail,created_at\r\n');
  await report(0, total);
  let after = 0;
  let done = 0;
  for (;;) {
    const page = await whitelistAfter(deps.db, tenantId, after, EXPORT_PAGE);
    if (page.length === 0) break;
    await write(page.map((r) => `${csvCell(r.email)},${csvCell(r.createdAt.toISOString())}\r\n`).join(''));
    after = page[page.length - 1]!.id;
    done += page.length;
    await report(done, total);
  }
  out.end();
  await once(out, 'finish');
}

/** The tenant's SSO whitelist (spec §7 Admin SSO whitelist): emails allowed through platforms that require it. */
export function createWhitelistService(deps: WhitelistServiceDeps) {
  return {
    list: (ctx: MemberContext, q: z.output<typeof listWhitelistQuery>) => list(deps, ctx, q),
    bulkUpsert: (ctx: MemberContext, emails: string[]) => bulkUpsert(deps, ctx, emails),
    bulkDelete: async (ctx: MemberContext, ids: number[]): Promise<{ deleted: number }> => ({ deleted: await deleteWhitelist(deps.db, ctx.tenantId, ids) }),
    settings: () => ({ batch_size: deps.batchSize }),
    exportCsv: (tenantId: number, file: string, report: (done: number, total: number) => Promise<void>) => exportCsv(deps, tenantId, file, report),
  };
}
export type WhitelistService = ReturnType<typeof createWhitelistService>;
export type { ListWhitelistQuery };
