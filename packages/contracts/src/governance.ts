import { z } from 'zod';
import { defineEndpoints } from './endpoint';

/** Spec §9: categories a masked or blocked message names. */
export const personalDataCategorySchema = z.enum(['phone', 'email', 'resident_id', 'foreigner_id', 'card', 'address', 'birth_date', 'vehicle', 'driver_license', 'passport']);
export type PersonalDataCategory = z.infer<typeof personalDataCategorySchema>;

export const RESTRICTED_WORDS_MAX = 10_000;

/**
 * `GET`/`POST /admin/restricted-words/` (spec §3 Restricted words settings, §7). POST replaces the
 * whole settings. A word is not added twice (spec §5): words equal after normalisation (NFKC,
 * case, spacing and zero-width characters) are refused with 409 `restricted_word_duplicated`
 * naming the word. Privacy mode: off, block or mask — never both (422 `privacy_mode_invalid`).
 */
export const restrictedWordsSettingsBody = z
  .object({
    restricted_words: z.array(z.string().trim().min(1, 'restricted_word_invalid').max(100, 'restricted_word_invalid')).max(RESTRICTED_WORDS_MAX),
    block_personal_info: z.boolean(),
    mask_personal_info: z.boolean(),
  })
  .refine((b) => !(b.block_personal_info && b.mask_personal_info), { message: 'privacy_mode_invalid', path: ['mask_personal_info'] });
export type RestrictedWordsSettingsBody = z.input<typeof restrictedWordsSettingsBody>;

export const restrictedWordsSettingsSchema = z.object({
  restricted_words: z.array(z.string()),
  block_personal_info: z.boolean(),
  mask_personal_info: z.boolean(),
  updated_at: z.string().nullable(),
});
export type RestrictedWordsSettings = z.infer<typeof restrictedWordsSettingsSchema>;

/**
 * A chat refused before anything reached the model or was stored (spec §8): 428 with
 * `restricted_term` and `details.terms` (the configured words found), or `personal_data_found`
 * and `details.categories`.
 */
export const blockedChatDetailsSchema = z.object({
  terms: z.array(z.string()).optional(),
  categories: z.array(personalDataCategorySchema).optional(),
});
export type BlockedChatDetails = z.infer<typeof blockedChatDetailsSchema>;

const admin = { auth: 'admin', tags: ['admin'] } as const;

export const endpoints = defineEndpoints({
  get: { method: 'GET', path: '/admin/restricted-words/', ...admin, response: restrictedWordsSettingsSchema, errors: [401, 403, 422] },
  save: {
    method: 'POST',
    path: '/admin/restricted-words/',
    ...admin,
    description: 'Replaces the restricted words and the privacy mode (off, block or mask).',
    body: restrictedWordsSettingsBody,
    response: restrictedWordsSettingsSchema,
    errors: [401, 403, 409, 422],
  },
});
