import { BULK_INVITE_MAX_ROWS, type BulkInviteResponse, type BulkInviteSettings, type Invitation, type InviteRowError, inviteRowErrorSchema, type inviteRowSchema } from '@app/contracts/invitations';
import type { z } from 'zod';
import type { MemberContext, TenantRow } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { mailBody, mailLanguage, tenantName } from '../../platform/mail-text';
import { hashToken, newHashId } from '../../platform/tokens';
import { assertSeatFree, freeSeats } from '../members/members.service';
import { findSsoPlatformEntries } from '../sso/sso.readonly';
import { generatePassword } from '../tenants/tenants.service';
import { deleteInvitations, findInvitationById, findMemberSsoIds, findOpenInvitationEmails, findOpenSsoIds, insertInvitation, type InvitationRow, updateInvitation } from './invitations.repo';
import { checkInviteRow, inPool } from './invitations.rules';
import type { InvitationsServiceDeps, LinkBase } from './invitations.types';

// Sending invitations (spec §4): one at a time again (resend) or a bulk member file's rows.

/** An invitation stays open for 7 days (from its last send). */
const INVITATION_TTL_MS = 7 * 86_400_000;

/** Invitation mails sent at once by a bulk invite. */
const MAIL_CONCURRENCY = 8;

function statusOf(i: InvitationRow): Invitation['status'] {
  if (i.acceptedAt) return 'accepted';
  return i.expiresAt.getTime() <= Date.now() ? 'expired' : 'pending';
}

export function toInvitation(i: InvitationRow): Invitation {
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

/** Spec §6: SSO members cannot invite others (their account is the platform's, not the tenant's to extend). */
function assertMayInvite(ctx: MemberContext) {
  if (ctx.member.ssoId !== null) throw new AppError('sso_member_cannot_invite');
}

async function mailInvitation(deps: Pick<InvitationsServiceDeps, 'mailer'>, tenant: TenantRow, inv: Pick<InvitationRow, 'email' | 'name' | 'hashId' | 'expiresAt'>, temporary: string, base: LinkBase, language: string) {
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
async function mailSsoInvitation(deps: Pick<InvitationsServiceDeps, 'mailer'>, tenant: TenantRow, inv: Pick<InvitationRow, 'email' | 'name' | 'expiresAt'>, platformName: string, base: LinkBase, language: string) {
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
async function checkRows(deps: InvitationsServiceDeps, ctx: MemberContext, rows: Row[], items: BulkInviteResponse['items'], requireCustomFields: boolean): Promise<Ready[]> {
  const { db } = deps;
  const [groups, tenantDefault, fields, platforms] = await Promise.all([
    deps.groups.all(ctx.tenantId),
    deps.members.defaultGroupId(ctx.tenantId),
    deps.members.customFieldRows(ctx.tenantId),
    findSsoPlatformEntries(db, ctx.tenantId),
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
async function mailRow(deps: InvitationsServiceDeps, ctx: MemberContext, inv: InvitationRow, temporary: string | null, base: LinkBase, platformName: string | null): Promise<void> {
  try {
    if (temporary === null) await mailSsoInvitation(deps, ctx.tenant, inv, platformName ?? '', base, ctx.member.language);
    else await mailInvitation(deps, ctx.tenant, inv, temporary, base, ctx.member.language);
  } catch (err) {
    await deleteInvitations(deps.db, ctx.tenantId, [inv.id]);
    throw err;
  }
}

/**
 * Each row on its own: one that fails (a §8 upload row error, a full plan, a mail the server
 * refuses) fails alone. Rows are checked and recorded in order (seats are counted one by one),
 * and their mail goes out a few at a time.
 */
export async function bulkInvite(deps: InvitationsServiceDeps, ctx: MemberContext, rows: Row[], base: LinkBase, opts: { requireCustomFields?: boolean } = {}): Promise<BulkInviteResponse> {
  assertMayInvite(ctx);
  const items: BulkInviteResponse['items'] = rows.map((row) => ({ row: row.row ?? null, email: row.email.trim(), status: 'failed', error_code: null, error_field: null, invitation_id: null }));
  const ready = await checkRows(deps, ctx, rows, items, opts.requireCustomFields ?? false);
  // The seats are counted once for the batch, under the tenant's lock; rows past a full plan fail.
  const recorded = await deps.db.transaction(async (tx) => {
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
      await mailRow(deps, ctx, inv, temporary, base, platformName);
      Object.assign(items[i]!, { email: inv.email, status: 'invited', invitation_id: inv.id });
    } catch (err) {
      items[i]!.error_code = rowError(err);
    }
  });
  return { items };
}

export const bulkSettings = (deps: Pick<InvitationsServiceDeps, 'batchSize'>): BulkInviteSettings => ({ batch_size: deps.batchSize, max_rows_per_request: BULK_INVITE_MAX_ROWS });

/** A new temporary password and 7 more days, mailed again. */
export async function resend(deps: InvitationsServiceDeps, ctx: MemberContext, id: number, base: LinkBase): Promise<Invitation> {
  const { db } = deps;
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
      const platform = (await findSsoPlatformEntries(db, ctx.tenantId)).find((p) => p.id === inv.ssoPlatformId);
      await mailSsoInvitation(deps, ctx.tenant, updated, platform?.name ?? '', base, ctx.member.language);
    } else await mailInvitation(deps, ctx.tenant, updated, temporary, base, ctx.member.language);
  } catch (err) {
    await updateInvitation(db, ctx.tenantId, id, { tempPasswordHash: inv.tempPasswordHash, expiresAt: inv.expiresAt, lastSentAt: inv.lastSentAt });
    throw err;
  }
  return toInvitation(updated);
}
