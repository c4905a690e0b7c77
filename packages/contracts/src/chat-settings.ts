import { z } from 'zod';
import { defineEndpoints } from './endpoint';

/**
 * `GET /admin/chat-settings/`: how the tenant's chats behave (decision 037).
 * `stop_answers_without_reader`: false (the default) = a member's answer keeps being written and
 * charged when the browser reloads or the connection drops, and reopening the session shows it;
 * true = the answer is stopped once nobody reads it, its partial text kept as `stopped`.
 */
export const chatSettingsSchema = z.object({
  stop_answers_without_reader: z.boolean(),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;

/** `PATCH /admin/chat-settings/`: only the settings sent change; at least one, no unknown field. */
export const patchChatSettingsBody = chatSettingsSchema
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Send at least one setting' });
export type PatchChatSettingsBody = z.input<typeof patchChatSettingsBody>;

const errors = [401, 403, 422] as const;
export const endpoints = defineEndpoints({
  get: {
    method: 'GET',
    path: '/admin/chat-settings/',
    auth: 'admin',
    tags: ['admin'],
    description: "The tenant's chat settings: whether a member's answer is stopped once nobody reads it.",
    response: chatSettingsSchema,
    errors,
  },
  update: {
    method: 'PATCH',
    path: '/admin/chat-settings/',
    auth: 'admin',
    tags: ['admin'],
    description:
      'Changes the settings sent (at least one). stop_answers_without_reader: true stops an answer once its last reader left (reload, dropped connection), keeping the partial text as stopped; false (the default) lets it finish and be charged.',
    body: patchChatSettingsBody,
    response: chatSettingsSchema,
    errors,
  },
});
