import { z } from 'zod';

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
