import type { Announcement, AnnouncementList, AnnouncementLocation, createAnnouncementBody, patchAnnouncementBody } from '@app/contracts/announcements';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import type { TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { pagination } from '../../platform/pagination';
import {
  type AnnouncementRow,
  deactivateOthers,
  deleteAnnouncement,
  findActiveAnnouncements,
  findAnnouncement,
  insertAnnouncement,
  listAnnouncements,
  lockLocation,
  updateAnnouncement,
} from './announcements.repo';

export function toAnnouncement(r: AnnouncementRow): Announcement {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    location: r.location as AnnouncementLocation,
    is_active: r.isActive,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

export interface AnnouncementsServiceDeps {
  db: Db;
}

/**
 * Activation deactivates every other announcement at the location in the same transaction
 * (spec §4), under a per-location lock; the partial unique index is the last word, and a
 * transaction that still loses a race is retried.
 */
async function inActivationTx<T>(deps: AnnouncementsServiceDeps, tenantId: number, location: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await deps.db.transaction(async (tx) => {
        await lockLocation(tx, tenantId, location);
        return fn(tx);
      });
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
}

async function listOf(deps: AnnouncementsServiceDeps, ctx: TenantContext, page: number, size: number): Promise<AnnouncementList> {
  const { rows, total } = await listAnnouncements(deps.db, ctx.tenantId, page, size);
  return { items: rows.map(toAnnouncement), pagination: pagination(page, size, total) };
}

async function create(deps: AnnouncementsServiceDeps, ctx: TenantContext, body: z.output<typeof createAnnouncementBody>): Promise<Announcement> {
  const row = await inActivationTx(deps, ctx.tenantId, body.location, async (tx) => {
    if (body.is_active) await deactivateOthers(tx, ctx.tenantId, body.location, null);
    return insertAnnouncement(tx, ctx.tenantId, { title: body.title, content: body.content, location: body.location, isActive: body.is_active });
  });
  return toAnnouncement(row);
}

async function patch(deps: AnnouncementsServiceDeps, ctx: TenantContext, id: number, body: z.output<typeof patchAnnouncementBody>): Promise<Announcement> {
  const current = await findAnnouncement(deps.db, ctx.tenantId, id);
  if (!current) throw new AppError('announcement_not_found');
  const location = body.location ?? current.location;
  const active = body.is_active ?? current.isActive;
  const row = await inActivationTx(deps, ctx.tenantId, location, async (tx) => {
    if (active) await deactivateOthers(tx, ctx.tenantId, location, id);
    return updateAnnouncement(tx, ctx.tenantId, id, { title: body.title, content: body.content, location: body.location, isActive: body.is_active });
  });
  if (!row) throw new AppError('announcement_not_found');
  return toAnnouncement(row);
}

async function remove(deps: AnnouncementsServiceDeps, ctx: TenantContext, id: number): Promise<void> {
  if (!(await deleteAnnouncement(deps.db, ctx.tenantId, id))) throw new AppError('announcement_not_found');
}

async function active(deps: AnnouncementsServiceDeps, ctx: TenantContext) {
  const rows = await findActiveAnnouncements(deps.db, ctx.tenantId);
  const at = (l: AnnouncementLocation) => {
    const r = rows.find((x) => x.location === l);
    return r ? toAnnouncement(r) : null;
  };
  return { auth: at('auth'), dashboard: at('dashboard') };
}

export function createAnnouncementsService(deps: AnnouncementsServiceDeps) {
  return {
    list: (ctx: TenantContext, page: number, size: number) => listOf(deps, ctx, page, size),
    create: (ctx: TenantContext, body: z.output<typeof createAnnouncementBody>) => create(deps, ctx, body),
    patch: (ctx: TenantContext, id: number, body: z.output<typeof patchAnnouncementBody>) => patch(deps, ctx, id, body),
    remove: (ctx: TenantContext, id: number) => remove(deps, ctx, id),
    active: (ctx: TenantContext) => active(deps, ctx),
  };
}
export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
