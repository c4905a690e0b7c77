import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, idParam } from '@app/contracts/common';
import { memberSchema, patchMemberBody } from '@app/contracts/members';
import { memberCtx } from '../../platform/request-context';
import type { MembersService } from './members.service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

export function registerMemberRoutes(app: FastifyInstance, deps: { members: MembersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/members/:id/', { schema: { tags: ['members'], params: idParam, response: { 200: memberSchema, ...errors } } }, (req) =>
    deps.members.get(memberCtx(req), req.params.id),
  );
  r.patch(
    '/members/:id/',
    { schema: { tags: ['members'], params: idParam, body: patchMemberBody, response: { 200: memberSchema, ...errors } } },
    (req) => deps.members.patch(memberCtx(req), req.params.id, req.body),
  );
}
