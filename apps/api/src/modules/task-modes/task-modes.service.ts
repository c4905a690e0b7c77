import type { TaskMode, TaskModeList, taskModeBody, UpdateTaskModeBody } from '@app/contracts/task-modes';
import { TASK_MODE_LIMITS } from '@app/contracts/task-modes';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { MemberContext, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { countTaskModes, deleteTaskMode, findTaskMode, insertTaskMode, listTaskModes, type TaskModeRow, updateTaskMode } from './task-modes.repo';

export type { TaskModeRow };

const toTaskMode = (m: TaskModeRow): TaskMode => ({
  id: m.id,
  ko_name: m.koName,
  en_name: m.enName,
  prompt_template: m.promptTemplate,
  llm_model_id: m.llmModelId,
  is_active: m.isActive,
  sort_order: m.sortOrder,
});

/** What task modes need of the models module: whether a model is the tenant's. */
export interface ModelDirectory {
  exists(ctx: MemberContext, id: number): Promise<boolean>;
}

export interface TaskModesServiceDeps {
  db: Db;
  models: ModelDirectory;
}

/** Task modes (issue 27 §3): the console manages them, the chat input offers the active ones. */
export function createTaskModesService(deps: TaskModesServiceDeps) {
  const { db, models } = deps;
  async function checkModel(ctx: MemberContext, id: number | null | undefined) {
    if (id !== null && id !== undefined && !(await models.exists(ctx, id))) throw new AppError('model_not_found');
  }
  return {
    async listActive(ctx: TenantContext): Promise<TaskModeList> {
      return { items: (await listTaskModes(db, ctx.tenantId, true)).map(toTaskMode) };
    },
    async listAll(ctx: TenantContext): Promise<TaskModeList> {
      return { items: (await listTaskModes(db, ctx.tenantId, false)).map(toTaskMode) };
    },
    async create(ctx: MemberContext, body: z.output<typeof taskModeBody>): Promise<TaskMode> {
      await checkModel(ctx, body.llm_model_id);
      if ((await countTaskModes(db, ctx.tenantId)) >= TASK_MODE_LIMITS.modesMax) throw new AppError('validation_error', `At most ${TASK_MODE_LIMITS.modesMax} task modes`);
      const row = await insertTaskMode(db, ctx.tenantId, {
        koName: body.ko_name,
        enName: body.en_name,
        promptTemplate: body.prompt_template,
        llmModelId: body.llm_model_id,
        isActive: body.is_active,
        sortOrder: body.sort_order,
      });
      return toTaskMode(row);
    },
    async update(ctx: MemberContext, id: number, body: UpdateTaskModeBody): Promise<TaskMode> {
      await checkModel(ctx, body.llm_model_id);
      const current = await findTaskMode(db, ctx.tenantId, id);
      if (!current) throw new AppError('not_found');
      const row = await updateTaskMode(db, ctx.tenantId, id, {
        koName: body.ko_name,
        enName: body.en_name,
        promptTemplate: body.prompt_template,
        llmModelId: body.llm_model_id,
        isActive: body.is_active,
        sortOrder: body.sort_order,
      });
      return toTaskMode(row ?? current);
    },
    async remove(ctx: MemberContext, id: number): Promise<void> {
      if (!(await deleteTaskMode(db, ctx.tenantId, id))) throw new AppError('not_found');
    },
    /** The chat's view: an active mode of the tenant, or `not_found`. */
    async forChat(tenantId: number, id: number): Promise<{ template: string; llmModelId: number | null }> {
      const m = await findTaskMode(db, tenantId, id);
      if (!m || !m.isActive) throw new AppError('not_found', 'The task mode does not exist or is switched off');
      return { template: m.promptTemplate, llmModelId: m.llmModelId };
    },
  };
}
export type TaskModesService = ReturnType<typeof createTaskModesService>;
