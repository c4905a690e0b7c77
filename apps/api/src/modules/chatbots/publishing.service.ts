import type { adminChatbotsQuery, PublishRequest, PublishRequestList } from '@app/contracts/chatbot-publishing';
import { CHATBOT_LIMITS, type Chatbot, type chatbotAccessBody } from '@app/contracts/chatbots';
import { TOOL_LIMITS } from '@app/contracts/tools';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { chatbotCategories, chatbotPublishRequests, chatbots } from '../../db/schema/chatbots';
import type { MemberContext, MemberRow, TenantRow } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { mailBody, mailLanguage, tenantName } from '../../platform/mail-text';
import type { Mailer } from '../../integrations/mail/types';
import { offsetOf, pagination } from '../../platform/pagination';
import { categoryNames as categories } from '../categories/categories.readonly';
import { memberNamesView } from '../members/members.readonly';
import { deleteRelease, findChatbotFull, findGroupsByIds, replaceGroups, updateChatbot, upsertRelease } from './chatbots.repo';
import { monthKey, type Reviewed, snapshotOf } from './chatbots.rules';

/** A request's snapshot: the reviewed fields, with the model's name as it was. */
/** A request's snapshot; those made before tools existed (decision 050) have no tool settings. */
type Snapshot = Omit<Reviewed, 'tools' | 'maxToolSteps'> & Partial<Pick<Reviewed, 'tools' | 'maxToolSteps'>> & { llmModelName: string };

// The author's and reviewer's names and the category's come through their owners' views (decision 055).
const members = memberNamesView('members');
const reviewers = memberNamesView('reviewer');

function requestsQuery(db: Executor) {
  return db
    .select({
      request: chatbotPublishRequests,
      chatbot: { id: chatbots.id, isPublic: chatbots.isPublic, monthKey: chatbots.monthKey, monthMessageCount: chatbots.monthMessageCount },
      author: { id: members.id, name: members.name, email: members.email },
      reviewer: { id: reviewers.id, name: reviewers.name },
      category: { id: categories.id, koName: categories.koName, enName: categories.enName },
    })
    .from(chatbotPublishRequests)
    .innerJoin(chatbots, and(eq(chatbots.tenantId, chatbotPublishRequests.tenantId), eq(chatbots.id, chatbotPublishRequests.chatbotId)))
    .leftJoin(members, and(eq(members.tenantId, chatbotPublishRequests.tenantId), eq(members.id, chatbotPublishRequests.requestedBy)))
    .leftJoin(reviewers, and(eq(reviewers.tenantId, chatbotPublishRequests.tenantId), eq(reviewers.id, chatbotPublishRequests.reviewedBy)))
    .leftJoin(categories, and(eq(categories.tenantId, chatbotPublishRequests.tenantId), eq(categories.id, chatbotPublishRequests.categoryId)));
}
type RequestRow = Awaited<ReturnType<ReturnType<typeof requestsQuery>['execute']>>[number];

function toRequest(r: RequestRow, groups: Array<{ id: number; koName: string; enName: string }>): PublishRequest {
  const s = r.request.snapshot as Snapshot;
  const ids = new Set(r.request.memberGroupIds);
  return {
    id: r.request.id,
    chatbot_id: r.request.chatbotId,
    request_type: r.request.requestType as PublishRequest['request_type'],
    status: r.request.status as PublishRequest['status'],
    reason: r.request.reason,
    snapshot: {
      ko_name: s.koName,
      en_name: s.enName,
      ko_key_features: s.koKeyFeatures,
      en_key_features: s.enKeyFeatures,
      system_instructions: s.systemInstructions,
      profile_image_url: s.profileImageUrl,
      llm_model: { id: s.llmModelId, display_name: s.llmModelName },
      temperature: s.temperature,
      top_p: s.topP,
    },
    member_groups: groups.filter((g) => ids.has(g.id)).map((g) => ({ id: g.id, ko_name: g.koName, en_name: g.enName })),
    category: r.category ? { id: r.category.id, ko_name: r.category.koName, en_name: r.category.enName } : null,
    author: r.author,
    is_public: r.chatbot.isPublic,
    month_message_count: r.chatbot.monthKey === monthKey() ? r.chatbot.monthMessageCount : 0,
    created_at: r.request.createdAt.toISOString(),
    reviewed_at: r.request.reviewedAt?.toISOString() ?? null,
    reviewer: r.reviewer,
  };
}

/** What publishing needs: the database, the chatbot's presentation (chatbots.service) and the author's record. */
export interface PublishingServiceDeps {
  db: Db;
  mailer: Mailer;
  present(ctx: MemberContext, id: number): Promise<Chatbot>;
  memberById(tenantId: number, id: number): Promise<MemberRow | undefined>;
  log(line: string): void;
}

async function groupsOf(deps: PublishingServiceDeps, tenantId: number, rows: RequestRow[]) {
  const ids = [...new Set(rows.flatMap((r) => r.request.memberGroupIds))];
  return findGroupsByIds(deps.db, tenantId, ids);
}

async function mailDecision(deps: PublishingServiceDeps, tenant: TenantRow, authorId: number | null, s: Snapshot, approved: boolean, reason: string | null) {
  const author = authorId === null ? undefined : await deps.memberById(tenant.id, authorId);
  if (!author) return;
  const lang = mailLanguage(author.language);
  const org = tenantName(tenant, lang);
  const name = (lang === 'ko' ? s.koName : s.enName) || s.enName || s.koName;
  const subject = approved
    ? lang === 'ko' ? `[${org}] 챗봇 "${name}" 공개가 승인되었습니다` : `[${org}] Your chatbot "${name}" was approved`
    : lang === 'ko' ? `[${org}] 챗봇 "${name}" 공개 요청이 거절되었습니다` : `[${org}] Your chatbot "${name}" was not approved`;
  const lines = approved
    ? lang === 'ko'
      ? [`${author.name}님, 안녕하세요.`, `관리자가 챗봇 "${name}"의 공개를 승인했습니다. 이제 허용된 그룹의 구성원이 스토어에서 찾을 수 있습니다.`, ...(reason ? [`관리자 의견: ${reason}`] : [])]
      : [`Hello ${author.name},`, `An administrator approved your chatbot "${name}". Members of the allowed groups can now find it in the store.`, ...(reason ? [`Feedback: ${reason}`] : [])]
    : lang === 'ko'
      ? [`${author.name}님, 안녕하세요.`, `관리자가 챗봇 "${name}"의 공개 요청을 거절했습니다.`, `사유: ${reason || '사유가 입력되지 않았습니다.'}`, '스튜디오에서 챗봇을 고친 뒤 다시 요청할 수 있습니다.']
      : [`Hello ${author.name},`, `An administrator did not approve your chatbot "${name}".`, `Reason: ${reason || 'No reason was given.'}`, 'You can change the chatbot in the studio and request again.'];
  try {
    await deps.mailer.send({ to: author.email, subject, ...mailBody(lines) });
  } catch (err) {
    // The decision stands (the studio shows it with the reason); the admin's action is not undone by a mail server.
    deps.log(`publish decision mail to member ${author.id} failed: ${(err as Error).message}`);
  }
}

/** Approves or rejects a chatbot's pending request: approval copies its snapshot into the release; the author is mailed. */
async function processRequest(deps: PublishingServiceDeps, ctx: MemberContext, chatbotId: number, approve: boolean, reason: string | null): Promise<PublishRequest> {
  const { db } = deps;
  const done = await db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(chatbotPublishRequests)
      .where(and(eq(chatbotPublishRequests.tenantId, ctx.tenantId), eq(chatbotPublishRequests.chatbotId, chatbotId), eq(chatbotPublishRequests.status, 'pending')))
      .for('update')
      .limit(1);
    if (!pending) throw new AppError('publish_request_not_found');
    const s = pending.snapshot as Snapshot;
    if (approve) {
      await upsertRelease(tx, ctx.tenantId, {
        chatbotId,
        llmModelId: s.llmModelId,
        koName: s.koName,
        enName: s.enName,
        profileImageUrl: s.profileImageUrl,
        koKeyFeatures: s.koKeyFeatures,
        enKeyFeatures: s.enKeyFeatures,
        systemInstructions: s.systemInstructions,
        temperature: s.temperature,
        topP: s.topP,
        // Requests made before tools existed (decision 050) publish none.
        tools: s.tools ?? [],
        maxToolSteps: s.maxToolSteps ?? TOOL_LIMITS.stepsDefault,
      });
      const live = await findGroupsByIds(tx, ctx.tenantId, pending.memberGroupIds);
      await replaceGroups(tx, ctx.tenantId, chatbotId, live.map((g) => g.id));
      await updateChatbot(tx, ctx.tenantId, chatbotId, { isPublic: true, waitingPublish: false, publishRejected: false, publishFeedback: null, isHidden: false });
    } else {
      await updateChatbot(tx, ctx.tenantId, chatbotId, { waitingPublish: false, publishRejected: true, publishFeedback: reason });
    }
    await tx
      .update(chatbotPublishRequests)
      .set({ status: approve ? 'approved' : 'rejected', reason, reviewedBy: ctx.member.id, reviewedAt: new Date() })
      .where(and(eq(chatbotPublishRequests.tenantId, ctx.tenantId), eq(chatbotPublishRequests.id, pending.id)));
    return pending;
  });
  await mailDecision(deps, ctx.tenant, done.requestedBy, done.snapshot as Snapshot, approve, reason);
  const [row] = await requestsQuery(db).where(and(eq(chatbotPublishRequests.tenantId, ctx.tenantId), eq(chatbotPublishRequests.id, done.id)));
  return toRequest(row!, await groupsOf(deps, ctx.tenantId, [row!]));
}

/**
 * `PATCH /chatbots/{id}/access/`: public → a request in the queue (replacing a pending one);
 * private → at once, the public version and any pending request gone.
 */
async function requestAccess(deps: PublishingServiceDeps, ctx: MemberContext, id: number, body: z.output<typeof chatbotAccessBody>): Promise<Chatbot> {
  const { db } = deps;
  const row = await findChatbotFull(db, ctx.tenantId, id);
  if (!row || row.chatbot.deletedAt !== null) throw new AppError('chatbot_unavailable');
  const c = row.chatbot;
  if (c.isDefault || c.creatorId !== ctx.member.id) throw new AppError('forbidden');
  if (!body.is_public) {
    await db.transaction(async (tx) => {
      await tx
        .delete(chatbotPublishRequests)
        .where(and(eq(chatbotPublishRequests.tenantId, ctx.tenantId), eq(chatbotPublishRequests.chatbotId, id), eq(chatbotPublishRequests.status, 'pending')));
      await deleteRelease(tx, ctx.tenantId, id);
      await updateChatbot(tx, ctx.tenantId, id, { isPublic: false, waitingPublish: false, publishRejected: false, publishFeedback: null });
    });
    return deps.present(ctx, id);
  }
  if (!c.koName.trim() || !c.enName.trim()) throw new AppError('chatbot_incomplete');
  const groupIds = [...new Set(body.member_group_ids)];
  if ((await findGroupsByIds(db, ctx.tenantId, groupIds)).length !== groupIds.length) throw new AppError('group_invalid');
  const categoryId = body.category_id ?? null;
  if (categoryId !== null) {
    const [cat] = await db.select({ id: categories.id }).from(categories).where(and(eq(categories.tenantId, ctx.tenantId), eq(categories.id, categoryId)));
    if (!cat) throw new AppError('validation_error', 'Choose an existing category');
  }
  const snapshot: Snapshot = { ...snapshotOf(c), llmModelName: row.model.displayName };
  await db.transaction(async (tx) => {
    await tx
      .delete(chatbotPublishRequests)
      .where(and(eq(chatbotPublishRequests.tenantId, ctx.tenantId), eq(chatbotPublishRequests.chatbotId, id), eq(chatbotPublishRequests.status, 'pending')));
    await tx.insert(chatbotPublishRequests).values({
      tenantId: ctx.tenantId,
      chatbotId: id,
      requestType: c.isPublic ? 'update' : 'publish',
      snapshot,
      memberGroupIds: groupIds,
      categoryId,
      requestedBy: ctx.member.id,
    });
    // The category is the author's to choose: it applies at once (it changes no one's answers),
    // within the chatbot's limit of categories.
    if (categoryId !== null) {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(chatbotCategories)
        .where(and(eq(chatbotCategories.tenantId, ctx.tenantId), eq(chatbotCategories.chatbotId, id)));
      if (n < CHATBOT_LIMITS.categoriesMax) await tx.insert(chatbotCategories).values({ tenantId: ctx.tenantId, chatbotId: id, categoryId }).onConflictDoNothing();
    }
    await updateChatbot(tx, ctx.tenantId, id, { waitingPublish: true, publishRejected: false, publishFeedback: null, isHidden: false });
  });
  return deps.present(ctx, id);
}

async function listRequests(deps: PublishingServiceDeps, ctx: MemberContext, q: z.output<typeof adminChatbotsQuery>): Promise<PublishRequestList> {
  const { db } = deps;
  const conds: SQL[] = [eq(chatbotPublishRequests.tenantId, ctx.tenantId), sql`${chatbots.deletedAt} is null`];
  const status = q.status ?? (q.waiting_publish ? 'pending' : q.publish_rejected ? 'rejected' : undefined);
  if (status) conds.push(eq(chatbotPublishRequests.status, status));
  if (q.hide_pending) conds.push(sql`${chatbotPublishRequests.status} <> 'pending'`);
  if (q.is_public !== undefined) conds.push(eq(chatbots.isPublic, q.is_public));
  if (q.search_term) {
    const like = containsPattern(q.search_term);
    conds.push(
      or(ilike(chatbots.koName, like), ilike(chatbots.enName, like), sql`${chatbotPublishRequests.snapshot} ->> 'koName' ilike ${like}`, sql`${chatbotPublishRequests.snapshot} ->> 'enName' ilike ${like}`)!,
    );
  }
  const where = and(...conds);
  const [rows, [count]] = await Promise.all([
    requestsQuery(db)
      .where(where)
      // Pending first (the queue), then the newest.
      .orderBy(sql`${chatbotPublishRequests.status} = 'pending' desc`, desc(chatbotPublishRequests.id))
      .limit(q.size)
      .offset(offsetOf(q.page, q.size)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatbotPublishRequests)
      .innerJoin(chatbots, and(eq(chatbots.tenantId, chatbotPublishRequests.tenantId), eq(chatbots.id, chatbotPublishRequests.chatbotId)))
      .where(where),
  ]);
  const groups = await groupsOf(deps, ctx.tenantId, rows);
  return { items: rows.map((r) => toRequest(r, groups)), pagination: pagination(q.page, q.size, count?.n ?? 0) };
}

async function processMany(deps: PublishingServiceDeps, ctx: MemberContext, chatbotIds: number[], approve: boolean, reason: string | null) {
  const processed: number[] = [];
  const failed: Array<{ chatbot_id: number; code: string }> = [];
  for (const id of [...new Set(chatbotIds)]) {
    try {
      await processRequest(deps, ctx, id, approve, reason);
      processed.push(id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      failed.push({ chatbot_id: id, code: err.code });
    }
  }
  return { processed, failed };
}

/**
 * Publishing (spec §4): a member asks, an admin approves or rejects with a reason, the author is
 * mailed. A request carries a snapshot of the reviewed fields; approval copies it into the chatbot's
 * release, which is what everyone but the creator gets, so a change to a public chatbot waits for
 * review like the first publication.
 */
export function createPublishingService(deps: PublishingServiceDeps) {
  return {
    requestAccess: (ctx: MemberContext, id: number, body: z.output<typeof chatbotAccessBody>) => requestAccess(deps, ctx, id, body),
    list: (ctx: MemberContext, q: z.output<typeof adminChatbotsQuery>) => listRequests(deps, ctx, q),
    process: (ctx: MemberContext, chatbotId: number, approve: boolean, reason: string | null) => processRequest(deps, ctx, chatbotId, approve, reason),
    processMany: (ctx: MemberContext, chatbotIds: number[], approve: boolean, reason: string | null) => processMany(deps, ctx, chatbotIds, approve, reason),
  };
}
export type PublishingService = ReturnType<typeof createPublishingService>;
