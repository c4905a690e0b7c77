import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiKeyListResponse, apiKeySchema, createApiKeyBody, createdApiKeySchema, updateApiKeyBody } from '@app/contracts/apikeys';
import { errorBody, idParam, okBody } from '@app/contracts/common';
import { memberCtx } from '../../platform/request-context';
import type { ApiKeysService } from './apikeys.service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

/** `/apikeys/` (spec §7): the member's own developer keys. */
export function registerApiKeyRoutes(app: FastifyInstance, deps: { apiKeys: ApiKeysService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['developers'];
  r.get('/apikeys/', { schema: { tags, response: { 200: apiKeyListResponse, ...errors } } }, (req) => deps.apiKeys.list(memberCtx(req)));
  r.post('/apikeys/', { schema: { tags, description: 'The answer holds the secret, shown this once.', body: createApiKeyBody, response: { 201: createdApiKeySchema, ...errors } } }, async (req, reply) =>
    reply.code(201).send(await deps.apiKeys.create(memberCtx(req), req.body)),
  );
  r.patch('/apikeys/:id/', { schema: { tags, params: idParam, body: updateApiKeyBody, response: { 200: apiKeySchema, ...errors } } }, (req) =>
    deps.apiKeys.update(memberCtx(req), req.params.id, req.body),
  );
  r.delete('/apikeys/:id/', { schema: { tags, description: 'Revokes the key at once.', params: idParam, response: { 200: okBody, ...errors } } }, async (req) => {
    await deps.apiKeys.remove(memberCtx(req), req.params.id);
    return { ok: true as const };
  });
}
