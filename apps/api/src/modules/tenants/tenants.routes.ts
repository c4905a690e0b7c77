import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chatSettingsSchema, patchChatSettingsBody } from '@app/contracts/chat-settings';
import { errorBody } from '@app/contracts/common';
import { tenantSchema } from '@app/contracts/tenants';
import { tenantCtx } from '../../platform/request-context';
import type { ChatSettingsService } from './tenants.service';

export function registerTenantRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/tenants/',
    { config: { auth: 'none' }, schema: { tags: ['tenants'], response: { 200: tenantSchema, 404: errorBody } } },
    (req) => {
      const { tenant } = tenantCtx(req);
      return { logo_url: tenant.logoUrl, ko_name: tenant.koName, en_name: tenant.enName };
    },
  );
}

const errors = { 401: errorBody, 403: errorBody, 422: errorBody };

/** Console "Chat settings" (decision 037): the tenant's choices for its members' chats. */
export function registerChatSettingsRoutes(app: FastifyInstance, deps: { chatSettings: ChatSettingsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { auth: 'admin' as const };
  r.get(
    '/admin/chat-settings/',
    {
      config: admin,
      schema: { tags: ['admin'], description: "The tenant's chat settings: whether a member's answer is stopped once nobody reads it.", response: { 200: chatSettingsSchema, ...errors } },
    },
    (req) => deps.chatSettings.get(tenantCtx(req)),
  );
  r.patch(
    '/admin/chat-settings/',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        description:
          'Changes the settings sent (at least one). stop_answers_without_reader: true stops an answer once its last reader left (reload, dropped connection), keeping the partial text as stopped; false (the default) lets it finish and be charged.',
        body: patchChatSettingsBody,
        response: { 200: chatSettingsSchema, ...errors },
      },
    },
    (req) => deps.chatSettings.update(tenantCtx(req), req.body),
  );
}
