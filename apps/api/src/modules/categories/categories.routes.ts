import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoryListResponse } from '@app/contracts/categories';
import { errorBody } from '@app/contracts/common';
import { memberCtx } from '../../platform/request-context';
import type { CategoriesService } from './categories.service';

export function registerCategoryRoutes(app: FastifyInstance, deps: { categories: CategoriesService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/categories/', { schema: { tags: ['chatbots'], response: { 200: categoryListResponse, 401: errorBody } } }, (req) =>
      deps.categories.list(memberCtx(req)),
    );
}
