import { z } from 'zod';
import { idParam, okBody } from './common';
import { defineEndpoints } from './endpoint';

/**
 * Task modes (issue 27 §3): tenant-defined presets such as summarise, translate or proofread. The
 * chat input offers them; a message sent with `task_mode_id` is wrapped in the mode's prompt
 * template (its `{{input}}` stands for the message; without it the template goes first) and, when
 * the mode names a model the member may use, answered by that model.
 */
export const TASK_MODE_LIMITS = { nameMax: 50, templateMax: 4000, modesMax: 50 } as const;
export const TASK_MODE_INPUT = '{{input}}';

export const taskModeSchema = z.object({
  id: z.number().int(),
  ko_name: z.string(),
  en_name: z.string(),
  prompt_template: z.string(),
  /** The model the mode asks for; null = the chatbot's. */
  llm_model_id: z.number().int().nullable(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
});
export type TaskMode = z.infer<typeof taskModeSchema>;
export const taskModeListResponse = z.object({ items: z.array(taskModeSchema) });
export type TaskModeList = z.infer<typeof taskModeListResponse>;

const fields = {
  ko_name: z.string().trim().min(1).max(TASK_MODE_LIMITS.nameMax),
  en_name: z.string().trim().min(1).max(TASK_MODE_LIMITS.nameMax),
  prompt_template: z.string().trim().min(1).max(TASK_MODE_LIMITS.templateMax),
  llm_model_id: z.number().int().positive().max(2147483647).nullable(),
  is_active: z.boolean(),
  sort_order: z.number().int().min(0).max(1000),
};
export const taskModeBody = z
  .object({ ...fields, llm_model_id: fields.llm_model_id.default(null), is_active: fields.is_active.default(true), sort_order: fields.sort_order.default(0) })
  .strict();
export type TaskModeBody = z.input<typeof taskModeBody>;
/** A change: only the fields sent (no defaults). */
export const updateTaskModeBody = z.object(fields).partial().strict();
export type UpdateTaskModeBody = z.input<typeof updateTaskModeBody>;

const errors = [401, 403, 404, 422] as const;

/** `GET /task-modes/` (spec §7) and the console's task modes. */
export const endpoints = defineEndpoints({
  list: { method: 'GET', path: '/task-modes/', tags: ['chat'], description: 'The active task modes the chat input offers.', response: taskModeListResponse, errors },
  listAdmin: { method: 'GET', path: '/admin/task-modes/', auth: 'admin', tags: ['admin'], response: taskModeListResponse, errors },
  create: { method: 'POST', path: '/admin/task-modes/', auth: 'admin', tags: ['admin'], body: taskModeBody, status: 201, response: taskModeSchema, errors },
  update: { method: 'PATCH', path: '/admin/task-modes/:id/', auth: 'admin', tags: ['admin'], params: idParam, body: updateTaskModeBody, response: taskModeSchema, errors },
  remove: { method: 'DELETE', path: '/admin/task-modes/:id/', auth: 'admin', tags: ['admin'], params: idParam, response: okBody, errors },
});

/** The message as the model receives it under a mode's template. */
export function applyTemplate(template: string, input: string): string {
  return template.includes(TASK_MODE_INPUT) ? template.split(TASK_MODE_INPUT).join(input) : `${template}\n\n${input}`;
}
