import { z } from 'zod';
import { idParam, pageQuery, paginated, queryBoolean } from './common';
import { defineEndpoints } from './endpoint';
import { categorySchema } from './categories';
import { namedGroupSchema } from './chatbots';

/** A request to make a chatbot public (`publish`) or to publish changes to a public one (`update`). */
export const publishRequestTypeSchema = z.enum(['publish', 'update']);
export const publishRequestStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type PublishRequestStatus = z.infer<typeof publishRequestStatusSchema>;

/** What the reviewer approves: the chatbot as it was when the request was made. */
export const publishSnapshotSchema = z.object({
  ko_name: z.string(),
  en_name: z.string(),
  ko_key_features: z.string(),
  en_key_features: z.string(),
  system_instructions: z.string(),
  profile_image_url: z.string().nullable(),
  llm_model: z.object({ id: z.number().int(), display_name: z.string() }),
  temperature: z.number(),
  top_p: z.number(),
});
export type PublishSnapshot = z.infer<typeof publishSnapshotSchema>;

export const publishRequestSchema = z.object({
  id: z.number().int(),
  chatbot_id: z.number().int(),
  request_type: publishRequestTypeSchema,
  status: publishRequestStatusSchema,
  reason: z.string().nullable(),
  snapshot: publishSnapshotSchema,
  member_groups: z.array(namedGroupSchema),
  category: categorySchema.nullable(),
  author: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  /** Whether the chatbot is public now (an approved version is live). */
  is_public: z.boolean(),
  month_message_count: z.number().int(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  reviewer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type PublishRequest = z.infer<typeof publishRequestSchema>;

/** `GET /admin/chatbots/`: publish requests, newest first, with spec §2's filters. */
export const adminChatbotsQuery = pageQuery.extend({
  search_term: z.string().trim().max(100).optional(),
  status: publishRequestStatusSchema.optional(),
  /** "Hide pending": decided requests only. */
  hide_pending: queryBoolean.optional(),
  /** Spec §7's filters: pending requests, chatbots public now, rejected requests. */
  waiting_publish: queryBoolean.optional(),
  is_public: queryBoolean.optional(),
  publish_rejected: queryBoolean.optional(),
});
export type AdminChatbotsQuery = Partial<z.output<typeof adminChatbotsQuery>>;
export const publishRequestListResponse = paginated(publishRequestSchema);
export type PublishRequestList = z.infer<typeof publishRequestListResponse>;

export const PUBLISH_REASON_MAX = 1000;
/** Approve, or reject with an optional reason that is mailed to the author (spec §4). */
export const processPublishBody = z
  .object({ approve: z.boolean(), reason: z.string().trim().max(PUBLISH_REASON_MAX).nullish() })
  .strict();
export type ProcessPublishBody = z.input<typeof processPublishBody>;

export const bulkProcessPublishBody = z
  .object({
    chatbot_ids: z.array(z.number().int().positive().max(2147483647)).min(1).max(100),
    approve: z.boolean(),
    reason: z.string().trim().max(PUBLISH_REASON_MAX).nullish(),
  })
  .strict();
export type BulkProcessPublishBody = z.input<typeof bulkProcessPublishBody>;
export const bulkProcessPublishResponse = z.object({
  processed: z.array(z.number().int()),
  failed: z.array(z.object({ chatbot_id: z.number().int(), code: z.string() })),
});
export type BulkProcessPublishResult = z.infer<typeof bulkProcessPublishResponse>;

/** The console's publish queue (spec §7 Admin Chatbots). */
export const endpoints = defineEndpoints({
  list: { method: 'GET', path: '/admin/chatbots/', auth: 'admin', tags: ['admin'], query: adminChatbotsQuery, response: publishRequestListResponse, errors: [401, 403, 404, 422] },
  process: {
    method: 'POST',
    path: '/admin/chatbots/:id/process-publish-request/',
    auth: 'admin',
    tags: ['admin'],
    params: idParam,
    body: processPublishBody,
    response: publishRequestSchema,
    errors: [401, 403, 404, 422],
  },
  processMany: {
    method: 'POST',
    path: '/admin/chatbots/bulk-process-publish-request/',
    auth: 'admin',
    tags: ['admin'],
    body: bulkProcessPublishBody,
    response: bulkProcessPublishResponse,
    errors: [401, 403, 404, 422],
  },
});
