import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activeAnnouncementsResponse,
  announcementListResponse,
  announcementSchema,
  createAnnouncementBody,
  latestAnnouncementQuery,
  latestAnnouncementResponse,
  listAnnouncementsQuery,
  patchAnnouncementBody,
} from '@app/contracts/announcements';
import { errorBody, idParam, okBody } from '@app/contracts/common';
import { tenantCtx } from '../../platform/request-context';
import type { AnnouncementsService } from './announcements.service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

export function registerAnnouncementRoutes(app: FastifyInstance, deps: { announcements: AnnouncementsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { auth: 'admin' as const };
  const tags = ['announcements'];
  r.get(
    '/admin/announcements/',
    { config: admin, schema: { tags, querystring: listAnnouncementsQuery, response: { 200: announcementListResponse, ...errors } } },
    (req) => deps.announcements.list(tenantCtx(req), req.query.page, req.query.size),
  );
  r.post(
    '/admin/announcements/',
    { config: admin, schema: { tags, body: createAnnouncementBody, response: { 201: announcementSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await deps.announcements.create(tenantCtx(req), req.body)),
  );
  r.patch(
    '/admin/announcements/:id/',
    { config: admin, schema: { tags, params: idParam, body: patchAnnouncementBody, response: { 200: announcementSchema, ...errors } } },
    (req) => deps.announcements.patch(tenantCtx(req), req.params.id, req.body),
  );
  r.delete('/admin/announcements/:id/', { config: admin, schema: { tags, params: idParam, response: { 200: okBody, ...errors } } }, async (req) => {
    await deps.announcements.remove(tenantCtx(req), req.params.id);
    return { ok: true as const };
  });
  r.get('/announcements/active/', { schema: { tags, response: { 200: activeAnnouncementsResponse, 401: errorBody } } }, (req) =>
    deps.announcements.active(tenantCtx(req)),
  );
  // The sign-in page shows it before anyone signs in.
  r.get(
    '/announcements/latest/',
    { config: { auth: 'none' }, schema: { tags, querystring: latestAnnouncementQuery, response: { 200: latestAnnouncementResponse, 404: errorBody, 422: errorBody } } },
    async (req) => ({ announcement: (await deps.announcements.active(tenantCtx(req)))[req.query.location] }),
  );
}
