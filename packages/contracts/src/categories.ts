import { z } from 'zod';
import { idParam, listOf, okBody } from './common';
import { defineEndpoints } from './endpoint';

export const categorySchema = z.object({ id: z.number().int(), ko_name: z.string(), en_name: z.string() });
export type Category = z.infer<typeof categorySchema>;
export const categoryListResponse = listOf(categorySchema);
export type CategoryList = z.infer<typeof categoryListResponse>;

/** The console's category editor (spec §3: the six example categories are seeded). */
export const categoryBody = z
  .object({ ko_name: z.string().trim().min(1).max(50), en_name: z.string().trim().min(1).max(50), sort_order: z.number().int().min(0).max(1000).optional() })
  .strict();
export type CategoryBody = z.input<typeof categoryBody>;

export const endpoints = defineEndpoints({
  list: { method: 'GET', path: '/categories/', tags: ['chatbots'], response: categoryListResponse, errors: [401] },
  create: { method: 'POST', path: '/admin/categories/', auth: 'admin', tags: ['admin'], body: categoryBody, status: 201, response: categorySchema, errors: [401, 403, 404, 422] },
  update: { method: 'PATCH', path: '/admin/categories/:id/', auth: 'admin', tags: ['admin'], params: idParam, body: categoryBody, response: categorySchema, errors: [401, 403, 404, 422] },
  remove: { method: 'DELETE', path: '/admin/categories/:id/', auth: 'admin', tags: ['admin'], params: idParam, response: okBody, errors: [401, 403, 404, 422] },
});
