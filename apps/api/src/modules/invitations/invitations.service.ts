import type { acceptInvitationBody, InvitationList, inviteRowSchema, listInvitationsQuery } from '@app/contracts/invitations';
import type { z } from 'zod';
import type { MemberContext, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { pagination } from '../../platform/pagination';
import { accept, acceptSso, verify } from './invitations.accept';
import { deleteInvitations, listInvitations } from './invitations.repo';
import { bulkInvite, bulkSettings, resend, toInvitation } from './invitations.send';
import type { InvitationsServiceDeps, LinkBase } from './invitations.types';

export type { InvitationsServiceDeps, LinkBase } from './invitations.types';

type InviteRow = z.output<typeof inviteRowSchema>;


async function list(deps: InvitationsServiceDeps, ctx: MemberContext, q: z.output<typeof listInvitationsQuery>): Promise<InvitationList> {
  const { rows, total } = await listInvitations(deps.db, ctx.tenantId, {
    searchTerm: q.search_term || undefined,
    status: q.status,
    orderBy: q.order_by,
    orderType: q.order_type,
    page: q.page,
    size: q.size,
  });
  return { items: rows.map(toInvitation), pagination: pagination(q.page, q.size, total) };
}

async function bulkDelete(deps: InvitationsServiceDeps, ctx: MemberContext, ids: number[]): Promise<{ deleted: number }> {
  const deleted = await deleteInvitations(deps.db, ctx.tenantId, ids);
  if (deleted === 0) throw new AppError('invitation_not_found');
  return { deleted };
}

/**
 * Invitations (spec §4): an administrator invites people by email; each gets a link to `/auth`
 * and a temporary password, and becomes a member by accepting with a password of their own.
 * An open invitation holds a seat of the tenant's plan. The tenant's SSO platforms (a bulk
 * file's SSO columns) are read through what the sso module lends (`sso.readonly.ts`).
 */
export function createInvitationsService(deps: InvitationsServiceDeps) {
  return {
    list: (ctx: MemberContext, q: z.output<typeof listInvitationsQuery>) => list(deps, ctx, q),
    bulkInvite: (ctx: MemberContext, rows: InviteRow[], base: LinkBase, opts?: { requireCustomFields?: boolean }) => bulkInvite(deps, ctx, rows, base, opts),
    bulkSettings: () => bulkSettings(deps),
    resend: (ctx: MemberContext, id: number, base: LinkBase) => resend(deps, ctx, id, base),
    bulkDelete: (ctx: MemberContext, ids: number[]) => bulkDelete(deps, ctx, ids),
    verify: (ctx: TenantContext, hash: string) => verify(deps, ctx, hash),
    acceptSso: (ctx: TenantContext, platformId: number, ssoId: string) => acceptSso(deps, ctx, platformId, ssoId),
    accept: (ctx: TenantContext, hash: string, body: z.output<typeof acceptInvitationBody>) => accept(deps, ctx, hash, body),
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
