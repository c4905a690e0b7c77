import { z } from 'zod';
import { idParam, okBody, queryBoolean } from './common';
import { defineEndpoints } from './endpoint';

/**
 * Files (spec §3 File, §7 Files): uploads for chat attachments and chatbots' knowledge documents.
 * Parsing runs after the upload answers; `status` follows it: queued → parsing → parsed | partial
 * (some pages could not be read) | no_text (nothing to read: a scanned PDF says so) | failed.
 */
export const fileStatusSchema = z.enum(['queued', 'parsing', 'parsed', 'partial', 'no_text', 'failed']);
export type FileStatus = z.infer<typeof fileStatusSchema>;
export const accessLevelSchema = z.enum(['public', 'private']);

export const fileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The MIME type found in the bytes (spec §3 history files: type). */
  type: z.string(),
  kind: z.string(),
  size: z.number().int(),
  /** A short-lived signed link to the bytes (works in an `<img>`, no token needed). */
  url: z.string(),
  access_level: accessLevelSchema,
  should_expire: z.boolean(),
  expires_at: z.string().nullable(),
  status: fileStatusSchema,
  page_count: z.number().int(),
  parsed_pages: z.number().int(),
  note: z.string().nullable(),
  chatbot_id: z.number().int().nullable(),
  session_id: z.string().nullable(),
  attached_file_ids: z.array(z.number().int()),
  created_at: z.string(),
});
export type FileInfo = z.infer<typeof fileSchema>;
export const uploadFilesResponse = z.object({ items: z.array(fileSchema) });
export type UploadFiles = z.infer<typeof uploadFilesResponse>;

const idList = z
  .string()
  .max(2000)
  .regex(/^\d{1,10}(,\d{1,10})*$/, 'comma-separated ids')
  .transform((s) => s.split(',').map(Number));

/** `POST /files/` query (spec §7, §9 defaults: should_expire true, access_level public). */
export const uploadFilesQuery = z.object({
  should_expire: queryBoolean.default(true),
  access_level: accessLevelSchema.default('public'),
  attached_file_ids: idList.optional(),
  chatbot_id: z.coerce.number().int().positive().max(2147483647).optional(),
  session_id: z.string().min(1).max(64).optional(),
});

export const fileProgressQuery = z.object({ file_ids: idList });
export const fileProgressSchema = z.object({
  id: z.number().int(),
  status: fileStatusSchema,
  /** 0–100: pages read of the page count. */
  progress: z.number().int(),
  page_count: z.number().int(),
  parsed_pages: z.number().int(),
  note: z.string().nullable(),
});
export const fileProgressResponse = z.object({ items: z.array(fileProgressSchema) });
export type FileProgress = z.infer<typeof fileProgressResponse>;

/** The upload limits the web app shows and checks before sending (spec §5: server-driven). */
export const fileSettingsSchema = z.object({
  types: z.array(z.object({ kind: z.string(), mime: z.string(), extensions: z.array(z.string()), image: z.boolean() })),
  /** For an `<input type=file accept>`. */
  accept: z.string(),
  max_mb: z.number(),
  max_pages: z.number().int(),
  max_files_per_message: z.number().int(),
  pages_per_day: z.number().int(),
  expire_hours: z.number(),
});
export type FileSettings = z.infer<typeof fileSettingsSchema>;

export const fileTokenParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_.-]{10,200}$/) });

const errors = [401, 403, 404, 422] as const;

export const endpoints = defineEndpoints({
  settings: { method: 'GET', path: '/files/settings/', tags: ['files'], description: 'Upload limits and types (server-driven, spec §5).', response: fileSettingsSchema, errors },
  progress: { method: 'GET', path: '/files/progress', tags: ['files'], query: fileProgressQuery, response: fileProgressResponse, errors },
  get: { method: 'GET', path: '/files/:id/', tags: ['files'], params: idParam, response: fileSchema, errors },
  remove: { method: 'DELETE', path: '/files/:id/', tags: ['files'], params: idParam, response: okBody, errors },
  /** A signed link (made by GET /files/{id}/ and the chat's history): an <img> sends no header. */
  download: {
    method: 'GET',
    path: '/public/files/:token/',
    auth: 'none',
    tenantless: true,
    tags: ['public'],
    description: 'The file bytes behind a signed, expiring link.',
    params: fileTokenParam,
    response: null,
    errors: [],
  },
  upload: {
    method: 'POST',
    path: '/files/',
    tags: ['files'],
    description: 'multipart/form-data with one or more files (any field name). Parsing runs afterwards: follow it with GET /files/progress.',
    query: uploadFilesQuery,
    multipart: true,
    response: uploadFilesResponse,
    errors: [...errors, 400, 413, 415, 429],
  },
});
