import { and, asc, count, desc, eq, inArray, isNull, lte, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { creditTransactions, memberBillingPlans, memberships, paymentMethods, paymentOrders } from '../../db/schema/billing';
import { creditGrantColumns, creditGrantsView as creditGrants } from '../credits/credits.readonly';
import { memberNamesView } from '../members/members.readonly';

// Who asked: the member's name and email through the owner's view (decision 055).
const memberNames = memberNamesView('members');

export type PlanRow = typeof memberBillingPlans.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type OrderRow = typeof paymentOrders.$inferSelect;
export type TransactionRow = typeof creditTransactions.$inferSelect;

export function listPlans(db: Executor, tenantId: number) {
  return db
    .select()
    .from(memberBillingPlans)
    .where(and(eq(memberBillingPlans.tenantId, tenantId), eq(memberBillingPlans.isActive, true)))
    .orderBy(asc(memberBillingPlans.sortOrder), asc(memberBillingPlans.id));
}

export async function findPlans(db: Executor, tenantId: number, ids: number[]): Promise<Map<number, PlanRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(memberBillingPlans)
    .where(and(eq(memberBillingPlans.tenantId, tenantId), inArray(memberBillingPlans.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function findPlan(db: Executor, tenantId: number, id: number): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(memberBillingPlans)
    .where(and(eq(memberBillingPlans.tenantId, tenantId), eq(memberBillingPlans.id, id)));
  return row;
}

export async function countPlans(db: Executor, tenantId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberBillingPlans).where(eq(memberBillingPlans.tenantId, tenantId));
  return row?.n ?? 0;
}

export async function insertPlans(db: Executor, tenantId: number, plans: Array<Omit<typeof memberBillingPlans.$inferInsert, 'tenantId' | 'id'>>) {
  if (plans.length === 0) return;
  await db.insert(memberBillingPlans).values(plans.map((p) => ({ ...p, tenantId })));
}

export function listPaymentMethods(db: Executor, tenantId: number, memberId: number) {
  return db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.tenantId, tenantId), eq(paymentMethods.memberId, memberId), isNull(paymentMethods.deletedAt)))
    .orderBy(desc(paymentMethods.id));
}

/** A member's own saved card (never another member's). */
export async function findPaymentMethod(db: Executor, tenantId: number, memberId: number, id: number): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.tenantId, tenantId), eq(paymentMethods.memberId, memberId), eq(paymentMethods.id, id), isNull(paymentMethods.deletedAt)));
  return row;
}

export async function insertPaymentMethod(db: Executor, tenantId: number, values: Omit<typeof paymentMethods.$inferInsert, 'tenantId' | 'id'>) {
  const [row] = await db.insert(paymentMethods).values({ ...values, tenantId }).returning();
  return row!;
}

export async function updatePaymentMethod(db: Executor, tenantId: number, id: number, values: Pick<typeof paymentMethods.$inferInsert, 'cardName' | 'maskedCardNumber' | 'billingKeyEncrypted'>) {
  await db
    .update(paymentMethods)
    .set(values)
    .where(and(eq(paymentMethods.tenantId, tenantId), eq(paymentMethods.id, id)));
}

export async function deletePaymentMethod(db: Executor, tenantId: number, memberId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(paymentMethods)
    .set({ deletedAt: new Date(), billingKeyEncrypted: null })
    .where(and(eq(paymentMethods.tenantId, tenantId), eq(paymentMethods.memberId, memberId), eq(paymentMethods.id, id), isNull(paymentMethods.deletedAt)))
    .returning({ id: paymentMethods.id });
  return rows.length > 0;
}

export async function findPaymentMethodById(db: Executor, tenantId: number, id: number): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.tenantId, tenantId), eq(paymentMethods.id, id)));
  return row;
}

export async function findMembership(db: Executor, tenantId: number, memberId: number, forUpdate = false): Promise<MembershipRow | undefined> {
  const q = db
    .select()
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.memberId, memberId)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function findMembershipById(db: Executor, tenantId: number, id: number, forUpdate = false): Promise<MembershipRow | undefined> {
  const q = db
    .select()
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

type MembershipValues = Omit<typeof memberships.$inferInsert, 'tenantId' | 'id' | 'memberId' | 'createdAt'>;

/** One membership per member: a new subscription replaces an ended one. */
export async function upsertMembership(db: Executor, tenantId: number, memberId: number, values: MembershipValues): Promise<MembershipRow> {
  const [row] = await db
    .insert(memberships)
    .values({ ...values, tenantId, memberId })
    .onConflictDoUpdate({ target: [memberships.tenantId, memberships.memberId], set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function updateMembership(db: Executor, tenantId: number, id: number, values: Partial<MembershipValues>): Promise<MembershipRow | undefined> {
  if (Object.values(values).every((v) => v === undefined)) return undefined;
  const [row] = await db
    .update(memberships)
    .set({ updatedAt: new Date(), ...values })
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.id, id)))
    .returning();
  return row;
}

/** Memberships whose payment day has come, of every tenant (the owner's connection). */
export function findDueMemberships(owner: Executor, today: string, limit: number) {
  return owner
    .select({ tenantId: memberships.tenantId, id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.status, 'active'), lte(memberships.nextPaymentDate, today)))
    .orderBy(asc(memberships.nextPaymentDate), asc(memberships.tenantId), asc(memberships.id))
    .limit(limit);
}

/** A new order, or undefined when its reference is taken (another instance opened it first). */
export async function insertOrder(db: Executor, tenantId: number, values: Omit<typeof paymentOrders.$inferInsert, 'tenantId' | 'id'>): Promise<OrderRow | undefined> {
  const [row] = await db
    .insert(paymentOrders)
    .values({ ...values, tenantId })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findOrderByRef(db: Executor, tenantId: number, orderRef: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.tenantId, tenantId), eq(paymentOrders.orderRef, orderRef)));
  return row;
}

/**
 * `pending → paid` once (or `requested → paid`, an administrator's approval): the second caller (a
 * replayed result, a second click) gets undefined.
 */
export async function markOrderPaid(db: Executor, tenantId: number, id: number, approval?: { by: number }): Promise<OrderRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(paymentOrders)
    .set({ status: 'paid', paidAt: now, ...(approval ? { processedBy: approval.by, processedAt: now } : {}) })
    .where(and(eq(paymentOrders.tenantId, tenantId), eq(paymentOrders.id, id), eq(paymentOrders.status, approval ? 'requested' : 'pending')))
    .returning();
  return row;
}

export async function markOrderFailed(db: Executor, tenantId: number, id: number, error: string): Promise<void> {
  await db
    .update(paymentOrders)
    .set({ status: 'failed', error: error.slice(0, 500) })
    .where(and(eq(paymentOrders.tenantId, tenantId), eq(paymentOrders.id, id), eq(paymentOrders.status, 'pending')));
}

/** The payment's record, or undefined when the provider's payment id was recorded already. */
export async function insertTransaction(db: Executor, tenantId: number, values: Omit<typeof creditTransactions.$inferInsert, 'tenantId' | 'id'>): Promise<TransactionRow | undefined> {
  const [row] = await db
    .insert(creditTransactions)
    .values({ ...values, tenantId })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** A member's credit entries (grants), newest first, with the payment that bought each. */
export async function listCreditEntries(db: Executor, tenantId: number, memberId: number, limit: number, offset: number) {
  const where = and(eq(creditGrants.tenantId, tenantId), eq(creditGrants.memberId, memberId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ grant: creditGrantColumns, tx: creditTransactions })
      .from(creditGrants)
      .leftJoin(creditTransactions, and(eq(creditTransactions.tenantId, creditGrants.tenantId), eq(creditTransactions.id, creditGrants.transactionId)))
      .where(where)
      .orderBy(desc(creditGrants.createdAt), desc(creditGrants.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(creditGrants).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Members' purchase requests (decision 048): orders of the manual provider for a plan or credits. */
const isRequest = and(eq(paymentOrders.provider, 'manual'), inArray(paymentOrders.kind, ['subscription', 'credits']), ne(paymentOrders.status, 'pending'), ne(paymentOrders.status, 'failed'));

export async function findRequest(db: Executor, tenantId: number, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(paymentOrders).where(and(eq(paymentOrders.tenantId, tenantId), eq(paymentOrders.id, id), isRequest));
  return row;
}

/** A page of requests with the member's name and email; `approved` is a request whose order was paid. */
export async function listRequests(db: Executor, tenantId: number, f: { memberId?: number; status?: 'requested' | 'approved' | 'rejected' | 'withdrawn' }, limit: number, offset: number) {
  const conditions: Array<SQL | undefined> = [eq(paymentOrders.tenantId, tenantId), isRequest];
  if (f.memberId !== undefined) conditions.push(eq(paymentOrders.memberId, f.memberId));
  if (f.status) conditions.push(eq(paymentOrders.status, f.status === 'approved' ? 'paid' : f.status));
  const where = and(...conditions);
  // Open requests are worked oldest first; decisions are read newest first.
  const order = f.status === 'requested' ? [asc(paymentOrders.createdAt), asc(paymentOrders.id)] : [desc(paymentOrders.createdAt), desc(paymentOrders.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: paymentOrders, name: memberNames.name, email: memberNames.email })
      .from(paymentOrders)
      .leftJoin(memberNames, and(eq(memberNames.tenantId, paymentOrders.tenantId), eq(memberNames.id, paymentOrders.memberId)))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(paymentOrders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** `requested → rejected | withdrawn` once; undefined when it was no longer open. */
export async function closeRequest(db: Executor, tenantId: number, id: number, values: { status: 'rejected' | 'withdrawn'; reason?: string; processedBy?: number; memberId?: number }): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(paymentOrders)
    .set({ status: values.status, reason: values.reason ?? null, processedBy: values.processedBy ?? null, processedAt: new Date() })
    .where(and(eq(paymentOrders.tenantId, tenantId), eq(paymentOrders.id, id), eq(paymentOrders.status, 'requested'), values.memberId === undefined ? undefined : eq(paymentOrders.memberId, values.memberId)))
    .returning();
  return row;
}

/** Undoes a rejection whose mail could not be sent: the request is open again. */
export async function reopenRequest(db: Executor, tenantId: number, id: number): Promise<void> {
  await db
    .update(paymentOrders)
    .set({ status: 'requested', reason: null, processedBy: null, processedAt: null })
    .where(and(eq(paymentOrders.tenantId, tenantId), eq(paymentOrders.id, id), eq(paymentOrders.status, 'rejected')));
}
