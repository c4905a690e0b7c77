import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, idParam } from '@app/contracts/common';
import { creditCheckSchema, usageSchema } from '@app/contracts/credits';
import { memberGroupUsageResponse } from '@app/contracts/member-groups';
import { memberCtx } from '../../platform/request-context';
import type { CreditsService } from './credits.service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

export function registerCreditRoutes(app: FastifyInstance, deps: { credits: CreditsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/members/:id/credit-check/',
    { schema: { tags: ['credits'], params: idParam, response: { 200: creditCheckSchema, ...errors } } },
    (req) => deps.credits.creditCheck(memberCtx(req), req.params.id),
  );
  r.get('/members/:id/usage/', { schema: { tags: ['credits'], params: idParam, response: { 200: usageSchema, ...errors } } }, (req) =>
    deps.credits.usage(memberCtx(req), req.params.id),
  );
  r.get(
    '/admin/member-groups/usage/',
    { config: { auth: 'admin' }, schema: { tags: ['admin'], response: { 200: memberGroupUsageResponse, ...errors } } },
    (req) => deps.credits.groupUsage(memberCtx(req)),
  );
}
