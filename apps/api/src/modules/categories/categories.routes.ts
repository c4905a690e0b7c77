import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contracts/categories';
import { implement } from '../../platform/endpoints';
import { memberCtx } from '../../platform/request-context';
import type { CategoriesService } from './categories.service';

export function registerCategoryRoutes(app: FastifyInstance, deps: { categories: CategoriesService }) {
  implement(app, endpoints, {
    list: (req) => deps.categories.list(memberCtx(req)),
    create: (req) => deps.categories.create(memberCtx(req), req.body),
    update: (req) => deps.categories.update(memberCtx(req), req.params.id, req.body),
    remove: async (req) => {
      await deps.categories.remove(memberCtx(req), req.params.id);
      return { ok: true as const };
    },
  });
}
