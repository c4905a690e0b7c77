import type { Category, CategoryList } from '@app/contracts/categories';
import type { CategoryBody } from '@app/contracts/categories';
import type { Db, Executor } from '../../db/client';
import type { MemberContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { deleteCategory, insertCategories, listCategories, updateCategory } from './categories.repo';

/** Spec §3's example category set, created for every new tenant. */
export const DEFAULT_CATEGORIES: Array<[string, string]> = [
  ['Writing', '글쓰기'],
  ['Productivity', '생산성'],
  ['Research & Analysis', '리서치 및 분석'],
  ['Education', '교육'],
  ['Lifestyle', '라이프스타일'],
  ['Programming', '프로그래밍'],
];

const toCategory = (c: { id: number; koName: string; enName: string }): Category => ({ id: c.id, ko_name: c.koName, en_name: c.enName });

export interface CategoriesServiceDeps {
  db: Db;
}

async function list(deps: CategoriesServiceDeps, ctx: MemberContext): Promise<CategoryList> {
  const rows = await listCategories(deps.db, ctx.tenantId);
  return { items: rows.map(toCategory) };
}

/** The console's category editor: a new category goes last unless given a place. */
async function create(deps: CategoriesServiceDeps, ctx: MemberContext, body: CategoryBody): Promise<Category> {
  const sortOrder = body.sort_order ?? (await listCategories(deps.db, ctx.tenantId)).reduce((max, c) => Math.max(max, c.sortOrder + 1), 0);
  const [row] = await insertCategories(deps.db, ctx.tenantId, [{ koName: body.ko_name, enName: body.en_name, sortOrder }]);
  return toCategory(row!);
}

async function update(deps: CategoriesServiceDeps, ctx: MemberContext, id: number, body: CategoryBody): Promise<Category> {
  const row = await updateCategory(deps.db, ctx.tenantId, id, { koName: body.ko_name, enName: body.en_name, sortOrder: body.sort_order });
  if (!row) throw new AppError('not_found');
  return toCategory(row);
}

async function remove(deps: CategoriesServiceDeps, ctx: MemberContext, id: number): Promise<void> {
  if (!(await deleteCategory(deps.db, ctx.tenantId, id))) throw new AppError('not_found');
}

export function createCategoriesService(deps: CategoriesServiceDeps) {
  return {
    list: (ctx: MemberContext) => list(deps, ctx),
    create: (ctx: MemberContext, body: CategoryBody) => create(deps, ctx, body),
    update: (ctx: MemberContext, id: number, body: CategoryBody) => update(deps, ctx, id, body),
    remove: (ctx: MemberContext, id: number) => remove(deps, ctx, id),
  };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;

/** A new tenant's categories, inside its creation transaction (tenants.service). */
export async function provisionCategories(tx: Executor, tenantId: number): Promise<void> {
  await insertCategories(tx, tenantId, DEFAULT_CATEGORIES.map(([enName, koName], sortOrder) => ({ enName, koName, sortOrder })));
}
