import type { Database, Db } from '../../db/client';
import { withTenant } from '../../db/tenant-scope';
import { AppError } from '../../platform/errors';
import { findDueMemberships, findMembershipById, findPaymentMethodById, findPlan, insertOrder, markOrderFailed, type MembershipRow, type OrderRow, type PlanRow, updateMembership } from './billing.repo';
import { dayOf, MAX_RENEWAL_ATTEMPTS, RENEWAL_RETRY_MS } from './billing.rules';
import type { PaymentProvider, PaymentResult } from '../../integrations/payments/types';
import type { SecretBox } from '../../integrations/secret-box';

/** A saved card's billing key; one that cannot be opened (another server secret, tampering) fails the charge. */
export function openBillingKey(box: SecretBox, sealed: string): string {
  const key = box.open(sealed);
  if (key === null) throw new Error('the saved card\'s billing key cannot be opened');
  return key;
}

type Outcome = 'renewed' | 'ended' | 'failed' | 'skipped';

export interface RenewalDeps {
  providers: Partial<Record<PaymentProvider['name'], PaymentProvider>>;
  box: SecretBox;
  log: (line: string) => void;
  /** The service's settlement of a paid renewal (order paid once, transaction, membership moved, the month granted). */
  settleRenewal(tenantId: number, memberId: number, order: OrderRow, result: PaymentResult, plan: PlanRow, membership: MembershipRow): Promise<unknown>;
}

/**
 * Renewals and scheduled ends (decision 032): memberships due by `now`, of every tenant, are
 * listed with the owner's connection and each is worked in its tenant's scope. A cancelled one
 * ends; otherwise a renewal order named after the period and the attempt is opened (its unique
 * reference lets only one instance charge), the saved card charged and the month granted; a
 * failure is retried a day later and ends the membership after MAX_RENEWAL_ATTEMPTS.
 */
export function createRenewals(database: Database, deps: RenewalDeps) {
  const { db } = database;
  const owner: Db = database.owner;

  async function renewOne(tenantId: number, id: number, now: Date): Promise<Outcome> {
    const today = dayOf(now);
    const m = await findMembershipById(db, tenantId, id);
    if (!m || m.status !== 'active' || m.nextPaymentDate > today) return 'skipped';
    if (m.failedRenewals > 0 && now.getTime() - m.updatedAt.getTime() < RENEWAL_RETRY_MS) return 'skipped';
    const plan = m.nextPlanId === null ? undefined : await findPlan(db, tenantId, m.nextPlanId);
    if (!plan || !plan.isActive) {
      await updateMembership(db, tenantId, m.id, { status: 'ended', updatedAt: now });
      return 'ended';
    }
    const provider = deps.providers[m.provider as PaymentProvider['name']];
    const method = m.paymentMethodId === null ? undefined : await findPaymentMethodById(db, tenantId, m.paymentMethodId);
    const order = await insertOrder(db, tenantId, {
      orderRef: `R${tenantId}m${m.id}d${m.nextPaymentDate.replace(/-/g, '')}a${m.failedRenewals}`,
      memberId: m.memberId,
      provider: m.provider,
      kind: 'renewal',
      planId: plan.id,
      price: plan.krwMonthPrice,
    });
    if (!order) return 'skipped';
    let result: PaymentResult | null = null;
    try {
      if (!provider) throw new Error(`provider ${m.provider} is not configured`);
      const billingKey = method?.billingKeyEncrypted && !method.deletedAt ? openBillingKey(deps.box, method.billingKeyEncrypted) : null;
      if (provider.name !== 'manual' && !billingKey) throw new Error('no saved card');
      result = await provider.charge({ orderRef: order.orderRef, amount: order.price, goods: plan.enName, payerNo: String(m.memberId), billingKey });
      await deps.settleRenewal(tenantId, m.memberId, order, result, plan, m);
      return 'renewed';
    } catch (err) {
      if (!(err instanceof AppError)) await markOrderFailed(db, tenantId, order.id, (err as Error).message);
      const attempts = m.failedRenewals + 1;
      deps.log(`renewal of membership ${m.id} (tenant ${tenantId}) failed, attempt ${attempts}: ${result?.message ?? (err as Error).message}`);
      // The attempt's time is the job's clock: the retry waits a day from it.
      await updateMembership(db, tenantId, m.id, attempts >= MAX_RENEWAL_ATTEMPTS ? { status: 'ended', failedRenewals: attempts, updatedAt: now } : { failedRenewals: attempts, updatedAt: now });
      return attempts >= MAX_RENEWAL_ATTEMPTS ? 'ended' : 'failed';
    }
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  const renewals = {
    /** One pass of the job at `now` (tests pass their own clock). */
    async run(now = new Date()): Promise<Record<Outcome, number>> {
      const counts = { renewed: 0, ended: 0, failed: 0, skipped: 0 };
      for (;;) {
        const due = await findDueMemberships(owner, dayOf(now), 100);
        let progressed = false;
        for (const d of due) {
          const r = await withTenant(d.tenantId, () => renewOne(d.tenantId, d.id, now));
          counts[r]++;
          if (r !== 'skipped') progressed = true;
        }
        // Skipped rows (waiting for a retry) stay due: stop once a batch moved nothing.
        if (due.length < 100 || !progressed) return counts;
      }
    },
    /** Runs the job every `intervalMs` (one pass at a time). */
    start(intervalMs: number) {
      timer = setInterval(() => {
        if (running) return;
        running = renewals
          .run()
          .catch((err: Error) => deps.log(`renewal job: ${err.message}`))
          .finally(() => {
            running = null;
          });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
  return renewals;
}
