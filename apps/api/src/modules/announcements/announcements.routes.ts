import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contracts/announcements';
import { implement } from '../../platform/endpoints';
import { tenantCtx } from '../../platform/request-context';
import type { AnnouncementsService } from './announcements.service';

export function registerAnnouncementRoutes(app: FastifyInstance, deps: { announcements: AnnouncementsService }) {
  implement(app, endpoints, {
    list: (req) => deps.announcements.list(tenantCtx(req), req.query.page, req.query.size),
    create: (req) => deps.announcements.create(tenantCtx(req), req.body),
    update: (req) => deps.announcements.patch(tenantCtx(req), req.params.id, req.body),
    remove: async (req) => {
      await deps.announcements.remove(tenantCtx(req), req.params.id);
      return { ok: true as const };
    },
    active: (req) => deps.announcements.active(tenantCtx(req)),
    // The sign-in page shows it before anyone signs in.
    latest: async (req) => ({ announcement: (await deps.announcements.active(tenantCtx(req)))[req.query.location] }),
  });
}
