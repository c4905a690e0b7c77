import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FileInfo } from '@app/contracts/files';
import type { FileLimitsConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Embedder } from '../../integrations/models/types';
import type { FileStorage } from '../../integrations/storage/types';
import type { MemberContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { deleteFile, type FileRow, findFile } from './files.repo';
import { withTenant } from '../../db/tenant-scope';
import type { ParserPool } from './parser-pool';
import type { VectorIndex } from './vectors';

/** What every operation of the files service works with: its deps resolved once by the factory. */
export interface FilesCore {
  db: Db;
  owner: Db;
  storage: FileStorage;
  tmpDir: string;
  secret: string;
  log: (line: string) => void;
  now: () => Date;
  limits: FileLimitsConfig;
  /** The upload size cap in bytes. */
  maxBytes: number;
  parser: ParserPool;
  vectors: VectorIndex | null;
  embedder: Embedder | null;
}

// --- signed links -------------------------------------------------------------------------
const sign = (core: FilesCore, tenantId: number, id: number, exp: number) =>
  createHmac('sha256', core.secret).update(`file:${tenantId}:${id}:${exp}`).digest('base64url').slice(0, 32);

export function urlOf(core: FilesCore, f: FileRow): string {
  // A public file's link lives as long as the file (a shared session shows it; 0: no expiry), so
  // it is the same link every time; a private file's link lasts an hour (rounded to the hour).
  const hour = 3600;
  const exp = f.accessLevel === 'public' ? (f.expiresAt ? Math.ceil(f.expiresAt.getTime() / 1000) : 0) : Math.ceil((core.now().getTime() / 1000 + hour) / hour) * hour;
  return `/api/public/files/${f.tenantId}.${f.id}.${exp}.${sign(core, f.tenantId, f.id, exp)}/`;
}

export function verify(core: FilesCore, token: string): { tenantId: number; id: number } {
  const [t, i, e, sig] = token.split('.');
  const tenantId = Number(t);
  const id = Number(i);
  const exp = Number(e);
  if (!sig || !Number.isSafeInteger(tenantId) || !Number.isSafeInteger(id) || !Number.isSafeInteger(exp)) throw new AppError('file_not_found');
  const want = Buffer.from(sign(core, tenantId, id, exp));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got) || (exp !== 0 && exp * 1000 < core.now().getTime())) throw new AppError('file_not_found');
  return { tenantId, id };
}

export const toInfo = (core: FilesCore, f: FileRow): FileInfo => ({
  id: f.id,
  name: f.name,
  type: f.contentType,
  kind: f.kind,
  size: f.size,
  url: urlOf(core, f),
  access_level: f.accessLevel === 'private' ? 'private' : 'public',
  should_expire: f.shouldExpire,
  expires_at: f.expiresAt?.toISOString() ?? null,
  status: f.status as FileInfo['status'],
  page_count: f.pageCount,
  parsed_pages: f.parsedPages,
  note: f.note,
  chatbot_id: f.chatbotId,
  session_id: f.sessionId,
  attached_file_ids: f.attachedFileIds,
  created_at: f.createdAt.toISOString(),
});

/** The member's own file, or 404 (another tenant's) / 403 (another member's). */
export async function own(core: FilesCore, ctx: MemberContext, id: number): Promise<FileRow> {
  const row = await findFile(core.db, ctx.tenantId, id);
  if (!row) throw new AppError('file_not_found');
  if (row.memberId !== ctx.member.id) throw new AppError('forbidden');
  return row;
}

/** Deletes a file's row (with its text) and then its bytes in the storage. */
export async function discard(core: FilesCore, tenantId: number, id: number): Promise<void> {
  const key = await withTenant(tenantId, async () => await deleteFile(core.db, tenantId, id));
  if (key) await core.storage.remove(key).catch((err: Error) => core.log(`file ${tenantId}/${id}: storage removal failed: ${err.message}`));
}

/** A stored file's bytes, read whole. */
export async function readBytes(core: FilesCore, storageKey: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await core.storage.get(storageKey)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
