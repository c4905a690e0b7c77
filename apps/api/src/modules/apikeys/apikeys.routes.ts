import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contracts/apikeys';
import { implement } from '../../platform/endpoints';
import { memberCtx } from '../../platform/request-context';
import type { ApiKeysService } from './apikeys.service';

/** `/apikeys/` (spec §7): the member's own developer keys. */
export function registerApiKeyRoutes(app: FastifyInstance, deps: { apiKeys: ApiKeysService }) {
  implement(app, endpoints, {
    list: (req) => deps.apiKeys.list(memberCtx(req)),
    create: (req) => deps.apiKeys.create(memberCtx(req), req.body),
    update: (req) => deps.apiKeys.update(memberCtx(req), req.params.id, req.body),
    remove: async (req) => {
      await deps.apiKeys.remove(memberCtx(req), req.params.id);
      return { ok: true as const };
    },
  });
}
