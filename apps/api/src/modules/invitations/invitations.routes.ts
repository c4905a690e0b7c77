import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signUpResponse } from '@app/contracts/auth';
import { errorBody, hashParam, idParam } from '@app/contracts/common';
import {
  acceptInvitationBody,
  bulkDeleteInvitationsBody,
  bulkDeleteResponse,
  bulkInviteBody,
  bulkInviteResponse,
  bulkInviteSettingsResponse,
  invitationListResponse,
  invitationSchema,
  invitationVerifyResponse,
  listInvitationsQuery,
} from '@app/contracts/invitations';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import type { InvitationsService } from './invitations.service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

export function registerInvitationRoutes(app: FastifyInstance, deps: { invitations: InvitationsService; appUrl: string | null }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { invitations } = deps;
  /** Links in the mail lead back to the tenant's own address (or `APP_URL` with `{tenant}`). */
  const linkBase = (req: FastifyRequest) => {
    if (deps.appUrl) return deps.appUrl.replace('{tenant}', req.tenant?.subdomain ?? '');
    const origin = req.headers.origin;
    return typeof origin === 'string' && /^https?:\/\//.test(origin) ? origin : `${req.protocol}://${req.host}`;
  };

  const admin = { auth: 'admin' as const };
  r.get(
    '/admin/invitations/',
    { config: admin, schema: { tags: ['admin'], querystring: listInvitationsQuery, response: { 200: invitationListResponse, ...errors } } },
    (req) => invitations.list(memberCtx(req), req.query),
  );
  r.post(
    '/admin/invitations/bulk/',
    { config: admin, schema: { tags: ['admin'], body: bulkInviteBody, response: { 200: bulkInviteResponse, ...errors } } },
    (req) => invitations.bulkInvite(memberCtx(req), req.body.members, linkBase(req), { requireCustomFields: req.body.require_custom_fields }),
  );
  r.get(
    '/admin/invitations/bulk-settings/',
    { config: admin, schema: { tags: ['admin'], description: 'How the console sends a bulk-invite file: rows per request.', response: { 200: bulkInviteSettingsResponse, ...errors } } },
    () => invitations.bulkSettings(),
  );
  r.post(
    '/admin/invitations/bulk/delete/',
    { config: admin, schema: { tags: ['admin'], body: bulkDeleteInvitationsBody, response: { 200: bulkDeleteResponse, ...errors } } },
    (req) => invitations.bulkDelete(memberCtx(req), req.body.invitation_ids),
  );
  r.post(
    '/admin/invitations/:id/resend/',
    { config: admin, schema: { tags: ['admin'], params: idParam, response: { 200: invitationSchema, 402: errorBody, 409: errorBody, 424: errorBody, ...errors } } },
    (req) => invitations.resend(memberCtx(req), req.params.id, linkBase(req)),
  );

  r.get(
    '/invitations/:hash/verify/',
    { config: { auth: 'none' }, schema: { tags: ['auth'], params: hashParam, response: { 200: invitationVerifyResponse, 404: errorBody, 409: errorBody } } },
    (req) => invitations.verify(tenantCtx(req), req.params.hash),
  );
  r.post(
    '/invitations/:hash/accept/',
    {
      config: { auth: 'none' },
      schema: { tags: ['auth'], params: hashParam, body: acceptInvitationBody, response: { 201: signUpResponse, 401: errorBody, 404: errorBody, 409: errorBody, 422: errorBody } },
    },
    async (req, reply) => reply.status(201).send(await invitations.accept(tenantCtx(req), req.params.hash, req.body)),
  );
}
