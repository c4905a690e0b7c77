import type { Executor } from '../../db/client';
import type { TenantRow } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { lockAndCountSeats } from './members.repo';

/** Seats still free under the tenant's plan, the tenant locked until the transaction ends (Infinity: no limit). */
export async function freeSeats(tx: Executor, tenant: Pick<TenantRow, 'id' | 'maxMembers'>): Promise<number> {
  if (tenant.maxMembers === null) return Infinity;
  return tenant.maxMembers - (await lockAndCountSeats(tx, tenant.id));
}

/** Throws `member_limit_reached` (402) when the tenant has no seat left; call inside the writing transaction. */
export async function assertSeatFree(tx: Executor, tenant: Pick<TenantRow, 'id' | 'maxMembers'>): Promise<void> {
  const taken = await lockAndCountSeats(tx, tenant.id);
  if (tenant.maxMembers !== null && taken >= tenant.maxMembers) throw new AppError('member_limit_reached');
}
