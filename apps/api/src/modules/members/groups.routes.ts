import type { FastifyInstance } from 'fastify';
import { endpoints as memberGroups } from '@app/contracts/member-groups';
import { implement } from '../../platform/endpoints';
import { memberCtx } from '../../platform/request-context';
import type { GroupsService } from './groups.service';

export function registerGroupRoutes(app: FastifyInstance, deps: { groups: GroupsService }) {
  const { groups } = deps;
  // `usage` is the credits module's.
  const { usage: _usage, ...endpoints } = memberGroups;
  implement(app, endpoints, {
    list: (req) => groups.list(memberCtx(req), req.query),
    create: (req) => groups.create(memberCtx(req), req.body),
    get: (req) => groups.get(memberCtx(req), req.params.id),
    update: (req) => groups.patch(memberCtx(req), req.params.id, req.body),
    remove: async (req) => {
      await groups.remove(memberCtx(req), req.params.id);
      return { ok: true as const };
    },
    removeMember: async (req) => {
      await groups.removeMember(memberCtx(req), req.params.id, req.params.member_id);
      return { ok: true as const };
    },
  });
}
