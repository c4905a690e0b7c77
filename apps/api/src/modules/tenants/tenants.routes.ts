import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@app/contracts/common';
import { tenantSchema } from '@app/contracts/tenants';
import { tenantCtx } from '../../platform/request-context';

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
