import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contracts/web-search';
import { implement } from '../../platform/endpoints';
import { tenantCtx } from '../../platform/request-context';
import type { WebSearchService } from './web-search.service';

export function registerWebSearchRoutes(app: FastifyInstance, deps: { webSearch: WebSearchService }) {
  implement(app, endpoints, {
    status: (req) => deps.webSearch.status(tenantCtx(req)),
    getSettings: (req) => deps.webSearch.getSettings(tenantCtx(req)),
    saveSettings: (req) => deps.webSearch.saveSettings(tenantCtx(req), req.body),
  });
}
