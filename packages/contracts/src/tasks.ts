import { z } from 'zod';
import { idParam } from './common';
import { defineEndpoints } from './endpoint';

/** A background task (spec §3 Task: running, completed or failed) with its progress. */
export const taskSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(['running', 'completed', 'failed']),
  /** 0–100. */
  progress: z.number().int(),
  done: z.number().int(),
  total: z.number().int(),
  elapsed_seconds: z.number(),
  /** From the pace so far; null until there is one. */
  estimated_seconds_left: z.number().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** `GET` it with the access token once completed. */
  download_url: z.string().nullable(),
  file_name: z.string().nullable(),
  error: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

const taskErrors = [401, 403, 404, 409, 422] as const;

export const endpoints = defineEndpoints({
  get: { method: 'GET', path: '/tasks/:id/', auth: 'admin', tags: ['admin'], params: idParam, response: taskSchema, errors: taskErrors },
  /** A file, not JSON: the web fetches it with `apiFetch` (the access token goes with it). */
  download: {
    method: 'GET',
    path: '/tasks/:id/download/',
    auth: 'admin',
    tags: ['admin'],
    description: "The task's result file (CSV: UTF-8 with a byte order mark).",
    params: idParam,
    response: null,
    errors: taskErrors,
  },
});
