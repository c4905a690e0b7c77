import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoryListResponse, categorySchema } from '@app/contracts/categories';
import { categoryBody } from '@app/contracts/chatbot-publishing';
import { errorBody, idParam, okBody } from '@app/contracts/common';
import { memberCtx } from '../../platform/request-context';
import type { CategoriesService } from './categories.service';

export function registerCategoryRoutes(app: FastifyInstance, deps: { categories: CategoriesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/categories/', { schema: { tags: ['chatbots'], response: { 200: categoryListResponse, 401: errorBody } } }, (req) => deps.categories.list(memberCtx(req)));
  const admin = { config: { auth: 'admin' as const } };
  const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
  r.post('/admin/categories/', { ...admin, schema: { tags: ['admin'], body: categoryBody, response: { 201: categorySchema, ...errors } } }, async (req, reply) =>
    reply.code(201).send(await deps.categories.create(memberCtx(req), req.body)),
  );
  r.patch('/admin/categories/:id/', { ...admin, schema: { tags: ['admin'], params: idParam, body: categoryBody, response: { 200: categorySchema, ...errors } } }, (req) =>
    deps.categories.update(memberCtx(req), req.params.id, req.body),
  );
  r.delete('/admin/categories/:id/', { ...admin, schema: { tags: ['admin'], params: idParam, response: { 200: okBody, ...errors } } }, async (req) => {
    await deps.categories.remove(memberCtx(req), req.params.id);
    return { ok: true as const };
  });
}
