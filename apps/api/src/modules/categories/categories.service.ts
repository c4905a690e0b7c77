import type { CategoryList } from '@app/contracts/categories';
import type { Db, Executor } from '../../db/client';
import type { MemberContext } from '../../platform/context';
import { insertCategories, listCategories } from './categories.repo';

/** Spec §3's example category set, created for every new tenant. */
export const DEFAULT_CATEGORIES: Array<[string, string]> = [
  ['Writing', '글쓰기'],
  ['Productivity', '생산성'],
  ['Research & Analysis', '리서치 및 분석'],
  ['Education', '교육'],
  ['Lifestyle', '라이프스타일'],
  ['Programming', '프로그래밍'],
];

export function createCategoriesService(db: Db) {
  return {
    async list(ctx: MemberContext): Promise<CategoryList> {
      const rows = await listCategories(db, ctx.tenantId);
      return { items: rows.map((c) => ({ id: c.id, ko_name: c.koName, en_name: c.enName })) };
    },
  };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;

/** A new tenant's categories, inside its creation transaction (tenants.service). */
export function provisionCategories(tx: Executor, tenantId: number): Promise<void> {
  return insertCategories(tx, tenantId, DEFAULT_CATEGORIES.map(([enName, koName], sortOrder) => ({ enName, koName, sortOrder })));
}
