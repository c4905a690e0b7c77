import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@app/contracts/common';
import { llmModelListResponse } from '@app/contracts/llm-models';
import { memberCtx } from '../../platform/request-context';
import type { LlmModelsService } from './llm-models.service';

export function registerLlmModelRoutes(app: FastifyInstance, deps: { llmModels: LlmModelsService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/llm-models/', { schema: { tags: ['models'], response: { 200: llmModelListResponse, 401: errorBody } } }, (req) =>
      deps.llmModels.list(memberCtx(req)),
    );
}
