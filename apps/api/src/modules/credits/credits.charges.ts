import type { WritePart } from '../../db/client';
import type { MemberContext } from '../../platform/context';
import { metricsEnabled, recordAdmissionRefused, recordCreditsCharged } from '../../platform/metrics';
import { type ChargedTotals, chargeUsagePart, type UsageCharge } from './credits.repo';
import { depletedScope } from './credits.rules';
import { budgetGroupOf, depleted, grantsOf, periodOf, statusFrom } from './credits.budget';
import { type Holder, type LocalHold, releaseInDatabase, reserveInDatabase } from './reservations';
import type { Admission, CreditsState } from './credits.types';

/** The chat path: admission before an answer, the charge with the answer's writes, the settlement after. */

/** Seconds after which a reservation no charge settled is ignored (a crashed instance's): longer than any answer. */
const RESERVATION_TTL_SECONDS = 15 * 60;

/**
 * Before an answer: admits the chat, holding `estimateUnits` against every budget that has
 * something left, or refuses it with `credits_depleted` (402, with the spent budget's scope).
 * Low-cost models stay usable when depleted (spec §4) and hold nothing.
 */
export async function admit(s: CreditsState, ctx: MemberContext, model: { isLowLlm: boolean }, estimateUnits: bigint): Promise<Admission> {
  const { member, tenant } = ctx;
  const { database, usage } = s;
  const now = new Date();
  const budget = await budgetGroupOf(s, ctx.tenantId, member);
  const h: Holder = { tenantId: ctx.tenantId, memberId: member.id, groupId: budget.groupId, period: periodOf(tenant, now) };
  const quotas = budget.quotas;
  const [grantUnits, loaded] = await Promise.all([
    grantsOf(s, tenant, h.memberId, now, async () => member.customCreditLimitUnits ?? quotas.memberUnits),
    usage.figures(h.tenantId, h.memberId, h.groupId, h.period),
  ]);
  // From here to the hold nothing awaits: no charge of this process settles in between.
  const used = usage.current(h.tenantId, h.memberId, h.groupId, h.period, loaded);
  const status = statusFrom(tenant, member, { groupQuotaUnits: quotas.memberUnits, groupPoolUnits: quotas.poolUnits, grantUnits, ...used });
  const free = { status, period: h.period, groupId: h.groupId, confirm: async () => undefined, reservationId: () => null, release: () => undefined };
  if (model.isLowLlm) return free;
  const held = s.holds.of(h);
  const left = {
    remainingUnits: status.remainingUnits - held.member,
    groupRemainingUnits: status.groupRemainingUnits === null ? null : status.groupRemainingUnits - held.group,
    tenantRemainingUnits: status.tenantRemainingUnits === null ? null : status.tenantRemainingUnits - held.tenant,
  };
  const scope = depletedScope(left);
  if (scope) {
    recordAdmissionRefused(`credits_${scope}`);
    throw depleted(scope, tenant, status);
  }
  const hold: LocalHold = s.holds.take(h, estimateUnits);
  if (s.embedded) return { ...free, release: () => hold.release() };

  let confirmed: Promise<number | null> | null = null;
  let id: number | null = null;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    hold.release();
    if (id !== null) releaseInDatabase(database, h.tenantId, id).catch(() => undefined);
  };
  return {
    ...free,
    confirm: () =>
      (confirmed ??= (async () => {
        const budgets = { memberUnits: status.quotaUnits, groupPoolUnits: quotas.poolUnits, tenantPoolUnits: tenant.creditQuotaUnits };
        const r = await reserveInDatabase(database, h, estimateUnits, budgets, RESERVATION_TTL_SECONDS);
        if ('refused' in r) {
          recordAdmissionRefused(`credits_${r.refused}`);
          release();
          throw depleted(r.refused, tenant, { remainingUnits: r.memberLeft, tenantRemainingUnits: r.tenantLeft, quotaUnits: status.quotaUnits });
        }
        id = r.id;
        // Released before the database answered: let go of the row as well.
        if (released) releaseInDatabase(database, h.tenantId, id).catch(() => undefined);
        return id;
      })()).then(() => undefined),
    reservationId: () => id,
    release,
  };
}

/**
 * After answers: the credits' share of closing them — their usage rows appended to the ledger
 * and the period totals and roll-ups moved, in one statement for a batch of one tenant and
 * period — which chat runs with the answers' other writes as one unit (decision 020). Its rows
 * read as each charge's totals, or an Error for one whose total is missing (never retried).
 */
export function chargePart(tenantId: number, period: string, charges: UsageCharge[]): WritePart<Array<ChargedTotals | Error>> {
  const part = chargeUsagePart(tenantId, period, charges);
  if (!metricsEnabled()) return part;
  // `credits_charged_total` (decision 052): the charges this committed batch wrote (one already in the ledger got no total).
  return {
    call: part.call,
    read(rows) {
      const totals = part.read(rows);
      totals.forEach((t, i) => {
        if (!(t instanceof Error)) recordCreditsCharged(Number(charges[i]!.units), tenantId);
      });
      return totals;
    },
  };
}

/**
 * A charge committed: keep its totals for the next admission and let go of the admission's hold
 * in the same tick; the member's remaining credits against their budget.
 */
export function settle(s: CreditsState, tenantId: number, memberId: number, admission: Admission, period: string, totals: ChargedTotals): { remainingUnits: bigint } {
  s.usage.record(tenantId, memberId, admission.groupId, period, totals);
  admission.release();
  return { remainingUnits: admission.status.quotaUnits - totals.memberUsedUnits };
}
