import type { FastifyInstance } from 'fastify';
import { endpoints as chatSettings } from '@app/contracts/chat-settings';
import { endpoints as tenants } from '@app/contracts/tenants';
import { implement } from '../../platform/endpoints';
import { tenantCtx } from '../../platform/request-context';
import type { ChatSettingsService } from './tenants.service';

export function registerTenantRoutes(app: FastifyInstance) {
  implement(app, tenants, {
    get: (req) => {
      const { tenant } = tenantCtx(req);
      return { logo_url: tenant.logoUrl, ko_name: tenant.koName, en_name: tenant.enName };
    },
  });
}

/** Console "Chat settings" (decision 037): the tenant's choices for its members' chats. */
export function registerChatSettingsRoutes(app: FastifyInstance, deps: { chatSettings: ChatSettingsService }) {
  implement(app, chatSettings, {
    get: (req) => deps.chatSettings.get(tenantCtx(req)),
    update: (req) => deps.chatSettings.update(tenantCtx(req), req.body),
  });
}
