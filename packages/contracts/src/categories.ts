import { z } from 'zod';

export const categorySchema = z.object({ id: z.number().int(), ko_name: z.string(), en_name: z.string() });
export type Category = z.infer<typeof categorySchema>;
export const categoryListResponse = z.object({ items: z.array(categorySchema) });
export type CategoryList = z.infer<typeof categoryListResponse>;
