import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contracts/credits';
import { endpoints as memberGroups } from '@app/contracts/member-groups';
import { implement } from '../../platform/endpoints';
import { memberCtx } from '../../platform/request-context';
import type { CreditsService } from './credits.service';

export function registerCreditRoutes(app: FastifyInstance, deps: { credits: CreditsService }) {
  implement(app, endpoints, {
    creditCheck: (req) => deps.credits.creditCheck(memberCtx(req), req.params.id),
    usage: (req) => deps.credits.usage(memberCtx(req), req.params.id),
  });
  implement(app, { usage: memberGroups.usage }, { usage: (req) => deps.credits.groupUsage(memberCtx(req)) });
}
