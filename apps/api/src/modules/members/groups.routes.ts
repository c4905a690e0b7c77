import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, idParam, okBody } from '@app/contracts/common';
import { createMemberGroupBody, listAdminMemberGroupsQuery, memberGroupListResponse, memberGroupSchema, patchMemberGroupBody } from '@app/contracts/member-groups';
import { z } from 'zod';
import { memberCtx } from '../../platform/request-context';
import type { GroupsService } from './groups.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const groupMemberParams = z.object({ id: z.coerce.number().int().positive(), member_id: z.coerce.number().int().positive() });

export function registerGroupRoutes(app: FastifyInstance, deps: { groups: GroupsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { groups } = deps;
  const admin = { auth: 'admin' as const };
  r.get(
    '/admin/member-groups/',
    { config: admin, schema: { tags: ['admin'], querystring: listAdminMemberGroupsQuery, response: { 200: memberGroupListResponse, ...errors } } },
    (req) => groups.list(memberCtx(req), req.query),
  );
  r.post(
    '/admin/member-groups/',
    { config: admin, schema: { tags: ['admin'], body: createMemberGroupBody, response: { 201: memberGroupSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await groups.create(memberCtx(req), req.body)),
  );
  r.get('/admin/member-groups/:id/', { config: admin, schema: { tags: ['admin'], params: idParam, response: { 200: memberGroupSchema, ...errors } } }, (req) =>
    groups.get(memberCtx(req), req.params.id),
  );
  r.patch(
    '/admin/member-groups/:id/',
    { config: admin, schema: { tags: ['admin'], params: idParam, body: patchMemberGroupBody, response: { 200: memberGroupSchema, ...errors } } },
    (req) => groups.patch(memberCtx(req), req.params.id, req.body),
  );
  r.delete('/admin/member-groups/:id/', { config: admin, schema: { tags: ['admin'], params: idParam, response: { 200: okBody, ...errors } } }, async (req) => {
    await groups.remove(memberCtx(req), req.params.id);
    return { ok: true as const };
  });
  r.delete(
    '/admin/member-groups/:id/members/:member_id/',
    { config: admin, schema: { tags: ['admin'], params: groupMemberParams, response: { 200: okBody, ...errors } } },
    async (req) => {
      await groups.removeMember(memberCtx(req), req.params.id, req.params.member_id);
      return { ok: true as const };
    },
  );
}
