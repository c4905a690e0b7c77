import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@app/contracts/common';
import { saveWebSearchSettingsBody, webSearchSettingsSchema, webSearchStatusSchema } from '@app/contracts/web-search';
import { tenantCtx } from '../../platform/request-context';
import type { WebSearchService } from './web-search.service';

const errors = { 401: errorBody, 403: errorBody, 422: errorBody };

export function registerWebSearchRoutes(app: FastifyInstance, deps: { webSearch: WebSearchService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { auth: 'admin' as const };
  r.get(
    '/web-search/',
    {
      schema: { tags: ['chat'], description: "Whether the tenant's web search is on (with a provider): the chat offers its switch only then.", response: { 200: webSearchStatusSchema, 401: errorBody } },
    },
    (req) => deps.webSearch.status(tenantCtx(req)),
  );
  r.get(
    '/admin/web-search-settings/',
    {
      config: admin,
      schema: { tags: ['admin'], description: "The tenant's web search settings; the API key is never returned (api_key_set).", response: { 200: webSearchSettingsSchema, ...errors } },
    },
    (req) => deps.webSearch.getSettings(tenantCtx(req)),
  );
  r.put(
    '/admin/web-search-settings/',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        description: 'Replaces the web search settings: on/off, provider (null = the server’s), URL, API key (absent keeps it, null removes it) and result count.',
        body: saveWebSearchSettingsBody,
        response: { 200: webSearchSettingsSchema, ...errors },
      },
    },
    (req) => deps.webSearch.saveSettings(tenantCtx(req), req.body),
  );
}
