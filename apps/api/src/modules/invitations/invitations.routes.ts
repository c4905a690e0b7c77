import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@app/contracts/invitations';
import { implement } from '../../platform/endpoints';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import type { InvitationsService } from './invitations.service';

export function registerInvitationRoutes(app: FastifyInstance, deps: { invitations: InvitationsService; appUrl: string | null }) {
  const { invitations } = deps;
  /** Links in the mail lead back to the tenant's own address (or `APP_URL` with `{tenant}`). */
  const linkBase = (req: FastifyRequest) => {
    if (deps.appUrl) return deps.appUrl.replace('{tenant}', req.tenant?.subdomain ?? '');
    const origin = req.headers.origin;
    return typeof origin === 'string' && /^https?:\/\//.test(origin) ? origin : `${req.protocol}://${req.host}`;
  };

  implement(app, endpoints, {
    list: (req) => invitations.list(memberCtx(req), req.query),
    bulkInvite: (req) => invitations.bulkInvite(memberCtx(req), req.body.members, linkBase(req), { requireCustomFields: req.body.require_custom_fields }),
    bulkSettings: () => invitations.bulkSettings(),
    bulkDelete: (req) => invitations.bulkDelete(memberCtx(req), req.body.invitation_ids),
    resend: (req) => invitations.resend(memberCtx(req), req.params.id, linkBase(req)),
    verify: (req) => invitations.verify(tenantCtx(req), req.params.hash),
    accept: (req) => invitations.accept(tenantCtx(req), req.params.hash, req.body),
  });
}
