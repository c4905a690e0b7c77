import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contracts/llm-models';
import { implement } from '../../platform/endpoints';
import { memberCtx } from '../../platform/request-context';
import type { LlmModelsService } from './llm-models.service';

export function registerLlmModelRoutes(app: FastifyInstance, deps: { llmModels: LlmModelsService }) {
  implement(app, endpoints, {
    list: (req) => deps.llmModels.list(memberCtx(req)),
    listAdmin: (req) => deps.llmModels.adminList(memberCtx(req)),
    setGroupAccess: async (req) => {
      await deps.llmModels.setGroupAccess(memberCtx(req), req.params.model, req.params.group, req.body.is_available);
      return { ok: true as const };
    },
  });
}
