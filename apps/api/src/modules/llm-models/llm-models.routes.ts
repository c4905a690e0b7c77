import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, okBody } from '@app/contracts/common';
import { adminLlmModelListResponse, llmModelListResponse, modelGroupParams, patchModelGroupAccessBody } from '@app/contracts/llm-models';
import { memberCtx } from '../../platform/request-context';
import type { LlmModelsService } from './llm-models.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

export function registerLlmModelRoutes(app: FastifyInstance, deps: { llmModels: LlmModelsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/llm-models/', { schema: { tags: ['models'], response: { 200: llmModelListResponse, 401: errorBody } } }, (req) => deps.llmModels.list(memberCtx(req)));
  r.get('/admin/llm-models/', { config: { auth: 'admin' }, schema: { tags: ['admin'], response: { 200: adminLlmModelListResponse, ...errors } } }, (req) =>
    deps.llmModels.adminList(memberCtx(req)),
  );
  r.patch(
    '/admin/llm-models/:model/member-groups/:group/',
    { config: { auth: 'admin' }, schema: { tags: ['admin'], params: modelGroupParams, body: patchModelGroupAccessBody, response: { 200: okBody, ...errors } } },
    async (req) => {
      await deps.llmModels.setGroupAccess(memberCtx(req), req.params.model, req.params.group, req.body.is_available);
      return { ok: true as const };
    },
  );
}
