import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoryListResponse } from '@app/contracts/categories';
import { errorBody } from '@app/contracts/common';
import type { Db } from '../../db/client';
import { listCategories } from './categories.repo';
import { memberCtx } from '../../platform/request-context';

export function registerCategoryRoutes(app: FastifyInstance, deps: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/categories/', { schema: { tags: ['chatbots'], response: { 200: categoryListResponse, 401: errorBody } } }, async (req) => {
      const rows = await listCategories(deps.db, memberCtx(req).tenantId);
      return { items: rows.map((c) => ({ id: c.id, ko_name: c.koName, en_name: c.enName })) };
    });
}
