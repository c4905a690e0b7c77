import { timingSafeEqual } from 'node:crypto';
import type { SignUpResponse } from '@app/contracts/auth';
import {
  type acceptInvitationBody,
  BULK_INVITE_MAX_ROWS,
  type BulkInviteResponse,
  type BulkInviteSettings,
  type Invitation,
  type InvitationList,
  type InvitationVerify,
  type InviteRowError,
  inviteRowErrorSchema,
  type inviteRowSchema,
  type listInvitationsQuery,
} from '@app/contracts/invitations';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { MemberContext, MemberRow, TenantContext, TenantRow } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../integrations/mail/types';
import { mailBody, mailLanguage, tenantName } from '../../platform/mail-text';
import { pagination } from '../../platform/pagination';
import { hashPassword } from '../../platform/passwords';
import { hashToken, newHashId } from '../../platform/tokens';
import { assertSeatFree, createMemberRecord, isUniqueViolation, freeSeats, type MembersService } from '../members/members.service';
import { checkAgreements, recordAgreements } from '../sign-up/sign-up.service';
import { generatePassword } from '../tenants/tenants.service';
import {
  acceptInvitation,
  deleteInvitations,
  findOpenSsoInvitation,
  findInvitationByHash,
  findInvitationById,
  findMemberSsoIds,
  findOpenInvitationEmails,
  findOpenSsoIds,
  insertInvitation,
  type InvitationRow,
  listInvitations,
  updateInvitation,
} from './invitations.repo';
import { checkInviteRow, type GroupEntry, inPool, type PlatformEntry } from './invitations.rules';

/** An invitation stays open for 7 days (from its last send). */
const INVITATION_TTL_MS = 7 * 86_400_000;

function statusOf(i: InvitationRow): Invitation['status'] {
  if (i.acceptedAt) return 'accepted';
  return i.expiresAt.getTime() <= Date.now() ? 'expired' : 'pending';
}

function toInvitation(i: InvitationRow): Invitation {
  return {
    id: i.id,
    invitation_hash_id: i.hashId,
    email: i.email,
    name: i.name,
    default_member_group_id: i.defaultMemberGroupId,
    member_group_ids: i.memberGroupIds,
    status: statusOf(i),
    created_at: i.createdAt.toISOString(),
    last_sent_at: i.lastSentAt.toISOString(),
    expires_at: i.expiresAt.toISOString(),
    accepted_at: i.acceptedAt?.toISOString() ?? null,
    sso_platform_id: i.ssoPlatformId,
    sso_id: i.ssoId,
  };
}

/** Where links in mail point: `APP_URL` (its `{tenant}` replaced by the subdomain), else the caller's origin. */
export type LinkBase = string;

/**
 * Invitations (spec §4): an administrator invites people by email; each gets a link to `/auth`
 * and a temporary password, and becomes a member by accepting with a password of their own.
 * An open invitation holds a seat of the tenant's plan.
 */
/** Spec §6: SSO members cannot invite others (their account is the platform's, not the tenant's to extend). */
function assertMayInvite(ctx: MemberContext) {
  if (ctx.member.ssoId !== null) throw new AppError('sso_member_cannot_invite');
}

/** Invitation mails sent at once by a bulk invite. */
const MAIL_CONCURRENCY = 8;

export function createInvitationsService(
  db: Db,
  deps: { mailer: Mailer; members: Pick<MembersService, 'findByEmails' | 'checkCustomFields' | 'customFieldRows' | 'defaultGroupId'>; groups: { all(tenantId: number): Promise<GroupEntry[]> };
    /** The tenant's SSO platforms as a file names them (the SSO module's). */
    ssoPlatforms: { fileEntries(tenantId: number): Promise<PlatformEntry[]> };
    batchSize: number;
  },
) {
  async function mailInvitation(tenant: TenantRow, inv: Pick<InvitationRow, 'email' | 'name' | 'hashId' | 'expiresAt'>, temporary: string, base: LinkBase, language: string) {
    const lang = mailLanguage(language);
    const org = tenantName(tenant, lang);
    const url = `${base}/auth?invitation=${encodeURIComponent(inv.hashId)}`;
    const until = inv.expiresAt.toISOString().slice(0, 10);
    await deps.mailer.send({
      to: inv.email,
      subject: lang === 'ko' ? `[${org}] 초대장이 도착했습니다` : `[${org}] You are invited`,
      ...mailBody(
        lang === 'ko'
          ? [`${inv.name}님, ${org}에 초대되었습니다.`, `임시 비밀번호: ${temporary}`, `아래 링크에서 임시 비밀번호와 새 비밀번호를 입력해 가입을 마치세요. 초대는 ${until}까지 유효합니다.`]
          : [`Hello ${inv.name}, you are invited to ${org}.`, `Temporary password: ${temporary}`, `Open the link below and enter the temporary password and a password of your own to join. The invitation is valid until ${until}.`],
        { label: lang === 'ko' ? '초대 수락하기' : 'Accept the invitation', url },
      ),
    });
  }

  /**
   * An SSO invitation's mail (decision 039): no temporary password; the person signs in through
   * the platform on the sign-in page and becomes the member the administrator set up.
   */
  async function mailSsoInvitation(tenant: TenantRow, inv: Pick<InvitationRow, 'email' | 'name' | 'expiresAt'>, platformName: string, base: LinkBase, language: string) {
    const lang = mailLanguage(language);
    const org = tenantName(tenant, lang);
    const until = inv.expiresAt.toISOString().slice(0, 10);
    await deps.mailer.send({
      to: inv.email,
      subject: lang === 'ko' ? `[${org}] 초대장이 도착했습니다` : `[${org}] You are invited`,
      ...mailBody(
        lang === 'ko'
          ? [`${inv.name}님, ${org}에 초대되었습니다.`, `아래 링크의 로그인 화면에서 ${platformName}(으)로 로그인하면 가입이 완료됩니다. 초대는 ${until}까지 유효합니다.`]
          : [`Hello ${inv.name}, you are invited to ${org}.`, `Open the link below and sign in with ${platformName} to join. The invitation is valid until ${until}.`],
        { label: lang === 'ko' ? '로그인하기' : 'Sign in', url: `${base}/auth` },
      ),
    });
  }

  /** Why a row was not invited, as its §8 upload row error. */
  function rowError(err: unknown): InviteRowError {
    if (!(err instanceof AppError)) return 'unknown';
    if (err.code === 'conflict') return 'invitation_exists';
    const known = inviteRowErrorSchema.safeParse(err.code);
    return known.success ? known.data : err.code === 'group_invalid' ? 'group_not_found' : 'unknown';
  }

  type Row = z.output<typeof inviteRowSchema>;
  type Ready = { i: number; values: Omit<Parameters<typeof insertInvitation>[2], 'hashId' | 'tempPasswordHash' | 'invitedBy' | 'expiresAt'>; platformName: string | null };

  /**
   * Checks a batch of rows against the rules and the tenant's data, read once per batch (groups,
   * custom fields, the members and open invitations of its emails): what may be invited, and the
   * §8 error of each row that may not.
   */
  async function checkRows(ctx: MemberContext, rows: Row[], items: BulkInviteResponse['items'], requireCustomFields: boolean): Promise<Ready[]> {
    const [groups, tenantDefault, fields, platforms] = await Promise.all([
      deps.groups.all(ctx.tenantId),
      deps.members.defaultGroupId(ctx.tenantId),
      deps.members.customFieldRows(ctx.tenantId),
      deps.ssoPlatforms.fileEntries(ctx.tenantId),
    ]);
    const checked = rows.map((row) => checkInviteRow(row, groups, tenantDefault, platforms));
    const emails = checked.flatMap((c) => (c.ok ? [c.email] : []));
    const [members, open] = await Promise.all([deps.members.findByEmails(ctx.tenantId, emails), findOpenInvitationEmails(db, ctx.tenantId, emails)]);
    const memberStatus = new Map(members.map((m) => [m.email, m.memberStatus]));
    const taken = new Set(open.map((o) => o.email));
    // SSO ids a member signs in with or an open invitation carries, per platform (spec §8 "already exists").
    const ssoTaken = new Set<string>();
    const ssoKey = (platformId: number, ssoId: string) => `${platformId}\u0000${ssoId}`;
    const byPlatform = new Map<number, string[]>();
    for (const c of checked) if (c.ok && c.sso) byPlatform.set(c.sso.platformId, [...(byPlatform.get(c.sso.platformId) ?? []), c.sso.ssoId]);
    for (const [platformId, ids] of byPlatform) {
      const [m, o] = await Promise.all([findMemberSsoIds(db, ctx.tenantId, platformId, ids), findOpenSsoIds(db, ctx.tenantId, platformId, ids)]);
      for (const id of [...m, ...o]) ssoTaken.add(ssoKey(platformId, id));
    }
    const ready: Ready[] = [];
    for (const [i, c] of checked.entries()) {
      const fail = (error: InviteRowError, field: string | null = null) => Object.assign(items[i]!, { error_code: error, error_field: field });
      if (!c.ok) {
        fail(c.error);
        continue;
      }
      const status = memberStatus.get(c.email);
      if (status) {
        fail(status === 'pending' ? 'approval_requested' : 'already_registered');
        continue;
      }
      if (taken.has(c.email)) {
        fail('invitation_exists');
        continue;
      }
      if (c.sso && ssoTaken.has(ssoKey(c.sso.platformId, c.sso.ssoId))) {
        fail('sso_id_exists');
        continue;
      }
      let customFields: Record<string, string>;
      try {
        customFields = (await deps.members.checkCustomFields(ctx.tenantId, rows[i]!.custom_fields, { kind: 'signup', optional: !requireCustomFields }, fields)) as Record<string, string>;
      } catch (err) {
        const details = err instanceof AppError ? (err.details as { field?: unknown } | undefined) : undefined;
        fail(rowError(err), details?.field === undefined ? null : String(details.field));
        continue;
      }
      taken.add(c.email); // the same email twice in a batch: the second is already invited
      if (c.sso) ssoTaken.add(ssoKey(c.sso.platformId, c.sso.ssoId));
      ready.push({
        i,
        values: { email: c.email, name: c.name, defaultMemberGroupId: c.defaultGroupId, memberGroupIds: c.extraGroupIds, customFields, ssoPlatformId: c.sso?.platformId ?? null, ssoId: c.sso?.ssoId ?? null },
        platformName: c.sso ? (platforms.find((p) => p.id === c.sso!.platformId)?.name ?? '') : null,
      });
    }
    return ready;
  }

  /** Mails a recorded invitation; one nobody received is not left behind (nor its seat). */
  async function mailRow(ctx: MemberContext, inv: InvitationRow, temporary: string | null, base: LinkBase, platformName: string | null): Promise<void> {
    try {
      if (temporary === null) await mailSsoInvitation(ctx.tenant, inv, platformName ?? '', base, ctx.member.language);
      else await mailInvitation(ctx.tenant, inv, temporary, base, ctx.member.language);
    } catch (err) {
      await deleteInvitations(db, ctx.tenantId, [inv.id]);
      throw err;
    }
  }

  /** The open invitation of a hash, or the §8 error: not found, already used, expired. */
  async function open(ctx: TenantContext, hash: string): Promise<InvitationRow> {
    const inv = await findInvitationByHash(db, ctx.tenantId, hash);
    if (!inv) throw new AppError('invitation_not_found');
    if (inv.acceptedAt) throw new AppError('invitation_used');
    if (inv.expiresAt.getTime() <= Date.now()) throw new AppError('invitation_expired');
    return inv;
  }

  return {
    async list(ctx: MemberContext, q: z.output<typeof listInvitationsQuery>): Promise<InvitationList> {
      const { rows, total } = await listInvitations(db, ctx.tenantId, {
        searchTerm: q.search_term || undefined,
        status: q.status,
        orderBy: q.order_by,
        orderType: q.order_type,
        page: q.page,
        size: q.size,
      });
      return { items: rows.map(toInvitation), pagination: pagination(q.page, q.size, total) };
    },

    /**
     * Each row on its own: one that fails (a §8 upload row error, a full plan, a mail the server
     * refuses) fails alone. Rows are checked and recorded in order (seats are counted one by one),
     * and their mail goes out a few at a time.
     */
    async bulkInvite(ctx: MemberContext, rows: Row[], base: LinkBase, opts: { requireCustomFields?: boolean } = {}): Promise<BulkInviteResponse> {
      assertMayInvite(ctx);
      const items: BulkInviteResponse['items'] = rows.map((row) => ({ row: row.row ?? null, email: row.email.trim(), status: 'failed', error_code: null, error_field: null, invitation_id: null }));
      const ready = await checkRows(ctx, rows, items, opts.requireCustomFields ?? false);
      // The seats are counted once for the batch, under the tenant's lock; rows past a full plan fail.
      const recorded = await db.transaction(async (tx) => {
        const free = await freeSeats(tx, ctx.tenant);
        const out: Array<{ i: number; inv: InvitationRow; temporary: string | null; platformName: string | null }> = [];
        for (const [n, r] of ready.entries()) {
          if (n >= free) {
            items[r.i]!.error_code = 'member_limit_reached';
            continue;
          }
          // An SSO invitation has no temporary password: the platform proves the person.
          const temporary = r.values.ssoPlatformId != null ? null : generatePassword();
          const inv = await insertInvitation(tx, ctx.tenantId, {
            ...r.values,
            hashId: newHashId(24),
            tempPasswordHash: temporary === null ? null : hashToken(temporary),
            invitedBy: ctx.member.id,
            expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
          });
          out.push({ i: r.i, inv, temporary, platformName: r.platformName });
        }
        return out;
      });
      await inPool(recorded, MAIL_CONCURRENCY, async ({ i, inv, temporary, platformName }) => {
        try {
          await mailRow(ctx, inv, temporary, base, platformName);
          Object.assign(items[i]!, { email: inv.email, status: 'invited', invitation_id: inv.id });
        } catch (err) {
          items[i]!.error_code = rowError(err);
        }
      });
      return { items };
    },

    bulkSettings: (): BulkInviteSettings => ({ batch_size: deps.batchSize, max_rows_per_request: BULK_INVITE_MAX_ROWS }),

    /** A new temporary password and 7 more days, mailed again. */
    async resend(ctx: MemberContext, id: number, base: LinkBase): Promise<Invitation> {
      assertMayInvite(ctx);
      const inv = await findInvitationById(db, ctx.tenantId, id);
      if (!inv) throw new AppError('invitation_not_found');
      if (inv.acceptedAt) throw new AppError('invitation_used');
      const sso = inv.ssoPlatformId !== null;
      const temporary = sso ? null : generatePassword();
      const next = { tempPasswordHash: temporary === null ? null : hashToken(temporary), expiresAt: new Date(Date.now() + INVITATION_TTL_MS), lastSentAt: new Date() };
      const updated = await db.transaction(async (tx) => {
        // An expired invitation gets its seat back only if one is free.
        if (inv.expiresAt.getTime() <= Date.now()) await assertSeatFree(tx, ctx.tenant);
        return (await updateInvitation(tx, ctx.tenantId, id, next))!;
      });
      try {
        if (temporary === null) {
          const platform = (await deps.ssoPlatforms.fileEntries(ctx.tenantId)).find((p) => p.id === inv.ssoPlatformId);
          await mailSsoInvitation(ctx.tenant, updated, platform?.name ?? '', base, ctx.member.language);
        } else await mailInvitation(ctx.tenant, updated, temporary, base, ctx.member.language);
      } catch (err) {
        await updateInvitation(db, ctx.tenantId, id, { tempPasswordHash: inv.tempPasswordHash, expiresAt: inv.expiresAt, lastSentAt: inv.lastSentAt });
        throw err;
      }
      return toInvitation(updated);
    },

    async bulkDelete(ctx: MemberContext, ids: number[]): Promise<{ deleted: number }> {
      const deleted = await deleteInvitations(db, ctx.tenantId, ids);
      if (deleted === 0) throw new AppError('invitation_not_found');
      return { deleted };
    },

    async verify(ctx: TenantContext, hash: string): Promise<InvitationVerify> {
      const inv = await open(ctx, hash);
      return { email: inv.email, name: inv.name, expires_at: inv.expiresAt.toISOString(), custom_fields: inv.customFields, sso_platform_id: inv.ssoPlatformId };
    },

    /**
     * An SSO invitation for this id of the platform (decision 039), once the platform has proven
     * the person: the member the administrator set up (email, name, groups, custom fields), active,
     * with no password and no sign-up form; the invitation is consumed and its seat taken over.
     * Undefined when no open invitation carries the id.
     */
    async acceptSso(ctx: TenantContext, platformId: number, ssoId: string): Promise<MemberRow | undefined> {
      const inv = await findOpenSsoInvitation(db, ctx.tenantId, platformId, ssoId);
      if (!inv) return undefined;
      const defaultGroup = inv.defaultMemberGroupId ?? (await deps.members.defaultGroupId(ctx.tenantId));
      return db.transaction(async (tx) => {
        const member = await createMemberRecord(tx, ctx.tenantId, {
          email: inv.email,
          name: inv.name,
          passwordHash: null,
          sso: { platformId, ssoId },
          language: 'ko',
          memberStatus: 'active',
          defaultMemberGroupId: defaultGroup,
          memberGroupIds: inv.memberGroupIds,
          customFields: inv.customFields,
        });
        if (!(await acceptInvitation(tx, ctx.tenantId, inv.id, member.id))) throw new AppError('invitation_used');
        return member;
      });
    },

    async accept(ctx: TenantContext, hash: string, body: z.output<typeof acceptInvitationBody>): Promise<SignUpResponse> {
      const inv = await open(ctx, hash);
      if (body.email !== inv.email) throw new AppError('invitation_not_found', 'The email does not match the invitation');
      // An SSO invitation is accepted by signing in through its platform, never with a password.
      if (inv.ssoPlatformId !== null || inv.tempPasswordHash === null) throw new AppError('invitation_sso');
      const given = Buffer.from(hashToken(body.temporary_password), 'hex');
      if (!timingSafeEqual(given, Buffer.from(inv.tempPasswordHash, 'hex'))) throw new AppError('temporary_password_incorrect');
      // What the administrator filled in stands unless the invitee changes it.
      const customFields = await deps.members.checkCustomFields(ctx.tenantId, { ...inv.customFields, ...body.custom_fields }, { kind: 'signup' });
      const agreements = await checkAgreements(db, ctx.tenantId, body.agreements);
      const defaultGroup = inv.defaultMemberGroupId ?? (await deps.members.defaultGroupId(ctx.tenantId));
      const passwordHash = await hashPassword(body.password);
      try {
        await db.transaction(async (tx) => {
          // The invitation held the seat; the member takes it over.
          const member = await createMemberRecord(tx, ctx.tenantId, {
            email: inv.email,
            name: body.name,
            passwordHash,
            language: body.language,
            memberStatus: 'active',
            defaultMemberGroupId: defaultGroup,
            memberGroupIds: inv.memberGroupIds,
            customFields,
          });
          if (!(await acceptInvitation(tx, ctx.tenantId, inv.id, member.id))) throw new AppError('invitation_used');
          await recordAgreements(tx, ctx.tenantId, member.id, agreements);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('already_registered');
        throw err;
      }
      return { member_status: 'active', email: inv.email };
    },
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
