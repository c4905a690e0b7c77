import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import {
  categories,
  chatbotCategories,
  chatbotMemberGroups,
  chatbotReleases,
  chatbots,
  chatMessages,
  chatSessions,
  creditLedger,
  llmModels,
  memberGroups,
  members,
  tenants,
} from './db/schema/index';

/** Every sample member's address ends so: the marker that the sample data is there (a second start adds nothing). */
export const SAMPLE_EMAIL_DOMAIN = 'sample.demo.local';
const DAYS = 30;

// Each sample member's affiliation is their default group, so these are default groups (a member's
// default group must be one: the console's Edit member dialog and sign-up offer only those).
const GROUPS = [
  { koName: '영업팀', enName: 'Sales', isDefault: true },
  { koName: '개발팀', enName: 'Engineering', isDefault: true },
  { koName: '마케팅팀', enName: 'Marketing', isDefault: true },
];

const MEMBERS = [
  { name: '김민지', email: 'minji.kim', language: 'ko', group: 0 },
  { name: '이준호', email: 'junho.lee', language: 'ko', group: 1 },
  { name: '박서연', email: 'seoyeon.park', language: 'ko', group: 2 },
  { name: '최도윤', email: 'doyun.choi', language: 'ko', group: 1 },
  { name: '정하은', email: 'haeun.jung', language: 'ko', group: 0 },
  { name: 'Emily Carter', email: 'emily.carter', language: 'en', group: 2 },
  { name: 'David Nguyen', email: 'david.nguyen', language: 'en', group: 1 },
  { name: 'Sofia Rossi', email: 'sofia.rossi', language: 'en', group: 0 },
];

const CHATBOTS = [
  {
    koName: '회의록 정리 도우미',
    enName: 'Meeting notes helper',
    koKeyFeatures: '회의 내용을 요약하고 할 일을 정리합니다.',
    enKeyFeatures: 'Summarises meetings and lists the action items.',
    system: 'You turn meeting notes into a short summary and a list of action items with owners.',
    isPublic: true,
    category: 'Productivity',
    creator: 0,
  },
  {
    koName: '코드 리뷰어',
    enName: 'Code reviewer',
    koKeyFeatures: '코드의 버그와 개선점을 찾아 줍니다.',
    enKeyFeatures: 'Finds bugs and suggests improvements in code.',
    system: 'You review code: point out bugs, risky patterns and clearer alternatives, briefly.',
    isPublic: true,
    category: 'Development',
    creator: 1,
  },
  {
    koName: '마케팅 카피라이터',
    enName: 'Marketing copywriter',
    koKeyFeatures: '제품 소개 문구와 광고 카피를 작성합니다.',
    enKeyFeatures: 'Writes product blurbs and ad copy.',
    system: 'You write concise, friendly marketing copy in the language of the request.',
    isPublic: true,
    category: 'Marketing',
    creator: 5,
  },
  {
    koName: '영업 제안서 초안',
    enName: 'Sales proposal drafts',
    koKeyFeatures: '고객 맞춤 제안서 초안을 만듭니다.',
    enKeyFeatures: 'Drafts proposals tailored to a customer.',
    system: 'You draft sales proposals: problem, solution, benefits, next steps.',
    isPublic: false,
    category: null,
    creator: 7,
  },
];

const CATEGORY_NAMES: Record<string, string> = { Productivity: '생산성', Development: '개발', Marketing: '마케팅' };

/** Conversations per language: a question and its answer, a few turns each. */
const CONVERSATIONS: Record<'ko' | 'en', Array<{ title: string; turns: Array<[string, string]> }>> = {
  ko: [
    {
      title: '주간 회의 요약',
      turns: [
        ['오늘 주간 회의 내용을 요약해 줘: 신규 고객 3곳 계약, 다음 주 출시 일정 확정, 채용 2명 진행 중.', '요약: 신규 고객 3곳과 계약했고, 다음 주 출시 일정이 확정되었으며, 채용 2건이 진행 중입니다. 할 일: 출시 체크리스트 공유(개발팀), 고객 온보딩 일정 수립(영업팀).'],
        ['할 일에 담당자도 붙여 줘.', '1. 출시 체크리스트 공유 — 이준호\n2. 고객 온보딩 일정 — 김민지\n3. 채용 인터뷰 일정 — 정하은'],
      ],
    },
    {
      title: 'SQL 쿼리 성능 개선',
      turns: [['이 쿼리가 느려요: SELECT * FROM orders WHERE date(created_at) = today', '`date(created_at)`가 인덱스를 쓰지 못하게 합니다. `created_at >= current_date AND created_at < current_date + 1`처럼 범위 조건으로 바꾸고 `created_at`에 인덱스를 두세요.']],
    },
    {
      title: '신제품 소개 문구',
      turns: [['무선 이어폰 신제품 소개 문구를 두 문장으로 써 줘.', '하루 종일 이어지는 선명한 사운드, 가볍게 귀에 맞는 편안함. 새로운 무선 이어폰으로 일상의 모든 순간을 음악으로 채우세요.']],
    },
  ],
  en: [
    {
      title: 'Quarterly sales proposal',
      turns: [
        ['Draft a short proposal for a retail customer who wants faster checkout.', 'Problem: long queues at peak hours. Solution: self-checkout kiosks with mobile payment. Benefits: 30% shorter waits, fewer abandoned baskets. Next step: a two-week pilot in one store.'],
        ['Make the benefits more concrete.', 'Pilot stores saw checkout times fall from 4 to 2.5 minutes and abandoned baskets drop by a fifth; staff moved to customer service on the floor.'],
      ],
    },
    {
      title: 'Code review of a login handler',
      turns: [['Review this: if (user.password == req.body.password) login(user)', 'Never compare plain passwords: store a salted hash (argon2id) and compare with a constant-time verify. Also use === and rate-limit attempts.']],
    },
    {
      title: 'Campaign slogan ideas',
      turns: [['Give me three slogans for a spring campaign of a coffee brand.', '1. Fresh beans, fresh start.\n2. Spring into every sip.\n3. Bloom with every cup.']],
    },
  ],
};

const hashId = () => randomBytes(12).toString('base64url');

/** The billing window's start holding `day` (the tenant's billing day), as credits.rules.periodStart computes it. */
function periodOf(day: Date, billingDay: number): string {
  const y = day.getUTCFullYear();
  const m = day.getUTCMonth();
  return new Date(Date.UTC(y, day.getUTCDate() >= billingDay ? m : m - 1, billingDay)).toISOString().slice(0, 10);
}

/**
 * `SAMPLE_DATA=1` (decision 036): fills the demo tenant with members (ko and en names) in three
 * groups, four chatbots (three public in the store with categories), their sessions with messages,
 * and a month of usage in the ledger with the roll-ups the dashboards read, derived from those same
 * ledger rows in the same transaction. Idempotent: nothing is added when the sample members exist.
 * Sample members have no password (they cannot sign in); they are there to be seen.
 */
export async function seedSampleData(db: Db, tenantId: number, log: (line: string) => void): Promise<boolean> {
  const [marker] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.email, `${MEMBERS[0]!.email}@${SAMPLE_EMAIL_DOMAIN}`)));
  if (marker) return false;

  await db.transaction(async (tx) => {
    const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
    const models = await tx.select().from(llmModels).where(and(eq(llmModels.tenantId, tenantId), eq(llmModels.isEnabled, true)));
    const model = models.find((m) => m.provider !== 'offline') ?? models[0];
    if (!tenant || !model) throw new Error('sample data: the demo tenant has no enabled model');

    const groups: Array<typeof memberGroups.$inferSelect> = [];
    for (const g of GROUPS) {
      const [existing] = await tx.select().from(memberGroups).where(and(eq(memberGroups.tenantId, tenantId), eq(memberGroups.enName, g.enName)));
      groups.push(existing ?? (await tx.insert(memberGroups).values({ tenantId, ...g }).returning())[0]!);
    }
    const people = await tx
      .insert(members)
      .values(MEMBERS.map((m) => ({ tenantId, name: m.name, email: `${m.email}@${SAMPLE_EMAIL_DOMAIN}`, language: m.language, defaultMemberGroupId: groups[m.group]!.id })))
      .returning();

    const cats = new Map<string, number>();
    for (const [enName, koName] of Object.entries(CATEGORY_NAMES)) {
      const [existing] = await tx.select().from(categories).where(and(eq(categories.tenantId, tenantId), eq(categories.enName, enName)));
      cats.set(enName, existing?.id ?? (await tx.insert(categories).values({ tenantId, koName, enName, sortOrder: 100 + cats.size }).returning())[0]!.id);
    }
    const allGroups = await tx.select({ id: memberGroups.id }).from(memberGroups).where(eq(memberGroups.tenantId, tenantId));
    const bots: Array<typeof chatbots.$inferSelect> = [];
    for (const b of CHATBOTS) {
      const [bot] = await tx
        .insert(chatbots)
        .values({
          tenantId,
          hashId: hashId(),
          creatorId: people[b.creator]!.id,
          llmModelId: model.id,
          koName: b.koName,
          enName: b.enName,
          koKeyFeatures: b.koKeyFeatures,
          enKeyFeatures: b.enKeyFeatures,
          systemInstructions: b.system,
          isPublic: b.isPublic,
        })
        .returning();
      if (b.isPublic) {
        await tx.insert(chatbotReleases).values({
          tenantId,
          chatbotId: bot!.id,
          llmModelId: model.id,
          koName: b.koName,
          enName: b.enName,
          koKeyFeatures: b.koKeyFeatures,
          enKeyFeatures: b.enKeyFeatures,
          systemInstructions: b.system,
          temperature: 1,
          topP: 1,
        });
      }
      // Public ones are open to every group of the tenant (the default group among them): the store shows them to everyone.
      if (b.isPublic) await tx.insert(chatbotMemberGroups).values(allGroups.map((g) => ({ tenantId, chatbotId: bot!.id, memberGroupId: g.id })));
      if (b.category) await tx.insert(chatbotCategories).values({ tenantId, chatbotId: bot!.id, categoryId: cats.get(b.category)! });
      bots.push(bot!);
    }

    // Sessions over the last 30 days: each member talks to the chatbots now and then; every answer is charged.
    const now = Date.now();
    const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
    let n = 0;
    for (const [i, person] of people.entries()) {
      const lang = MEMBERS[i]!.language as 'ko' | 'en';
      // Days ago: 0 (today, so this month's figures are never empty) or 1–2, then every 3–6 days back to a month ago.
      for (let day = i % 3; day < DAYS; day += 3 + (i % 4)) {
        const conv = CONVERSATIONS[lang][n % CONVERSATIONS[lang].length]!;
        const bot = bots[n % bots.length]!;
        n += 1;
        const at = new Date(day === 0 ? Math.max(today, now - (i + 1) * 60_000) : now - day * 86_400_000 - (i * 37 + n * 11) * 60_000);
        const [session] = await tx
          .insert(chatSessions)
          .values({ tenantId, hashId: hashId(), memberId: person.id, chatbotId: bot.id, title: conv.title, createdAt: at, lastChatAt: at })
          .returning();
        for (const [q, a] of conv.turns) {
          const inputTokens = 120 + q.length;
          const outputTokens = 40 + a.length;
          // units = tokens × cost per 10K tokens × 10^4 (credits.rules usageUnits).
          const inputUnits = BigInt(inputTokens) * model.inputCostE4;
          const outputUnits = BigInt(outputTokens) * model.outputCostE4;
          await tx.insert(chatMessages).values({ tenantId, sessionId: session!.id, speakerType: 'member', text: q, status: 'completed', createdAt: at, updatedAt: at });
          const [answer] = await tx
            .insert(chatMessages)
            .values({ tenantId, sessionId: session!.id, speakerType: 'chatbot', text: a, status: 'completed', llmModelId: model.id, inputTokens, outputTokens, creditUnits: inputUnits + outputUnits, createdAt: at, updatedAt: at })
            .returning();
          await tx.insert(creditLedger).values({
            tenantId,
            kind: 'usage',
            memberId: person.id,
            memberGroupId: person.defaultMemberGroupId,
            llmModelId: model.id,
            sessionId: session!.id,
            messageId: answer!.id,
            inputTokens,
            outputTokens,
            amountUnits: -(inputUnits + outputUnits),
            inputUnits,
            outputUnits,
            periodStart: periodOf(at, tenant.billingDay),
            createdAt: at,
          });
        }
        await tx
          .update(chatbots)
          .set({ messageCount: sql`${chatbots.messageCount} + ${conv.turns.length * 2}`, lastChatAt: at })
          .where(and(eq(chatbots.tenantId, tenantId), eq(chatbots.id, bot.id)));
      }
    }

    // The roll-ups, from exactly the ledger rows written above (what the charge statement moves per answer).
    const mine = sql`tenant_id = ${tenantId} and kind = 'usage' and member_id in (select id from members where tenant_id = ${tenantId} and email like ${`%@${SAMPLE_EMAIL_DOMAIN}`})`;
    await tx.execute(sql`insert into member_credit_usage (tenant_id, member_id, period_start, used_units, message_count, input_tokens, output_tokens)
      select tenant_id, member_id, period_start, -sum(amount_units), count(*), sum(input_tokens), sum(output_tokens) from credit_ledger where ${mine}
      group by tenant_id, member_id, period_start`);
    await tx.execute(sql`insert into group_credit_usage (tenant_id, member_group_id, period_start, used_units, message_count)
      select tenant_id, member_group_id, period_start, -sum(amount_units), count(*) from credit_ledger where ${mine} and member_group_id is not null
      group by tenant_id, member_group_id, period_start
      on conflict (tenant_id, member_group_id, period_start) do update set used_units = group_credit_usage.used_units + excluded.used_units,
        message_count = group_credit_usage.message_count + excluded.message_count`);
    await tx.execute(sql`insert into tenant_credit_usage (tenant_id, period_start, used_units)
      select tenant_id, period_start, -sum(amount_units) from credit_ledger where ${mine} group by tenant_id, period_start
      on conflict (tenant_id, period_start) do update set used_units = tenant_credit_usage.used_units + excluded.used_units`);
    await tx.execute(sql`insert into credit_usage_daily (tenant_id, day, llm_model_id, message_count, input_tokens, output_tokens, used_units, input_units, output_units)
      select tenant_id, (created_at at time zone 'UTC')::date, coalesce(llm_model_id, 0), count(*), sum(input_tokens), sum(output_tokens), -sum(amount_units), sum(input_units), sum(output_units)
      from credit_ledger where ${mine} group by tenant_id, (created_at at time zone 'UTC')::date, coalesce(llm_model_id, 0)
      on conflict (tenant_id, day, llm_model_id) do update set message_count = credit_usage_daily.message_count + excluded.message_count,
        input_tokens = credit_usage_daily.input_tokens + excluded.input_tokens, output_tokens = credit_usage_daily.output_tokens + excluded.output_tokens,
        used_units = credit_usage_daily.used_units + excluded.used_units, input_units = credit_usage_daily.input_units + excluded.input_units,
        output_units = credit_usage_daily.output_units + excluded.output_units`);
  });
  log(`Sample data added to the demo tenant: ${MEMBERS.length} members, ${GROUPS.length} groups, ${CHATBOTS.length} chatbots, sessions and a month of usage.`);
  return true;
}
