import type { ErrorCode } from '@app/contracts/errors';
import type { DepletedNotice } from '@app/contracts/credits';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/**
 * The one map from a failed call to catalogue text (spec §8): an error code where the catalogue
 * has a finer text than its status's (contracts/errors.ts names every code and its status), else
 * the status's generic toast. Keys without a namespace are in `common`.
 */
const byCode: Partial<Record<ErrorCode, string>> = {
  message_empty: 'errors.code.message_empty',
  credits_depleted: 'errors.code.credits_depleted',
  creator_credits_depleted: 'errors.code.creator_credits_depleted',
  model_not_allowed: 'errors.code.model_not_allowed',
  chatbot_unavailable: 'errors.code.chatbot_unavailable',
  session_not_found: 'errors.code.session_not_found',
  input_too_long: 'errors.code.input_too_long',
  restricted_term: 'errors.code.restricted_term',
  model_failed: 'errors.code.model_failed',
  image_generation_failed: 'chat:errors.imageGeneration',
  // Chat with attachments and web search (spec §8 file unsupported, files per message).
  vision_not_supported: 'errors.code.vision_not_supported',
  too_many_files: 'errors.code.too_many_files',
  file_not_found: 'errors.code.file_not_found',
  web_search_unavailable: 'errors.code.web_search_unavailable',
  web_search_failed: 'errors.code.web_search_failed',
  // Accounts (spec §8 sign up, verification code, reset password, invitation, members).
  email_invalid: 'errors.code.email_invalid',
  code_incorrect: 'errors.code.code_incorrect',
  code_expired: 'errors.code.code_expired',
  temporary_password_incorrect: 'errors.code.temporary_password_incorrect',
  temporary_password_required: 'errors.code.temporary_password_required',
  password_incorrect: 'errors.code.password_incorrect',
  password_too_weak: 'errors.code.password_too_weak',
  member_limit_reached: 'errors.code.member_limit_reached',
  not_approved: 'errors.code.not_approved',
  not_eligible: 'errors.code.not_eligible',
  already_registered: 'errors.code.already_registered',
  invitation_not_found: 'errors.code.invitation_not_found',
  invitation_expired: 'errors.code.invitation_expired',
  invitation_used: 'errors.code.invitation_used',
  invitation_sso: 'errors.code.invitation_sso',
  custom_field_duplicated: 'errors.code.custom_field_duplicated',
  name_invalid: 'errors.code.name_invalid',
  group_invalid: 'errors.code.group_invalid',
  custom_field_required: 'errors.code.custom_field_required',
  custom_field_invalid: 'errors.code.custom_field_invalid',
  policy_not_agreed: 'errors.code.policy_not_agreed',
  reason_required: 'errors.code.reason_required',
  mail_failed: 'errors.code.mail_failed',
  rate_limited: 'errors.code.rate_limited',
  // Members (spec §8): an administrator's own account, the last administrator.
  own_account_locked: 'errors.code.own_account_locked',
  last_admin: 'errors.code.last_admin',
  // Governance (spec §5 a restricted word not added twice; §8 personal data found).
  restricted_word_duplicated: 'errors.code.restricted_word_duplicated',
  restricted_word_invalid: 'errors.code.restricted_word_invalid',
  privacy_mode_invalid: 'errors.code.privacy_mode_invalid',
  personal_data_found: 'errors.code.personal_data_found',
};

const byStatus: Record<number, string> = {
  400: 'errors.status.400',
  401: 'errors.status.401',
  403: 'errors.status.403',
  404: 'errors.status.404',
  422: 'errors.status.422',
  424: 'errors.status.422',
  428: 'errors.status.428',
  500: 'errors.status.500',
};

/**
 * A caller's own texts where the spec names them (spec §8 "Specific", e.g. sign-in): a catalogue
 * key (with its namespace, e.g. `auth:signIn.errors.401`) per status, and `otherwise` for any
 * other failure. They win over the code and status texts above.
 */
export interface MessageOverrides {
  [status: number]: string;
  otherwise?: string;
}

export function statusOf(err: unknown): number | null {
  return err instanceof ApiError ? err.status : null;
}

/**
 * Spec §8's depleted variants, as the server names them (`notice`, contracts `depletedNoticeSchema`):
 * the organisation's or the group's credits, a free plan (upgrade), a team plan (unlimited models
 * until the next recharge), else the member's own text.
 */
const depletedKeys: Record<DepletedNotice, string> = {
  tenant: 'errors.code.credits_depleted_tenant',
  group: 'errors.code.credits_depleted_group',
  free_plan: 'errors.code.credits_depleted_free_plan',
  team_plan: 'errors.code.credits_depleted_team_plan',
  member: 'errors.code.credits_depleted',
};
function depletedKey(details: unknown): string {
  const d = (typeof details === 'object' && details !== null ? details : {}) as { notice?: unknown };
  return typeof d.notice === 'string' && Object.hasOwn(depletedKeys, d.notice) ? depletedKeys[d.notice as DepletedNotice] : depletedKeys.member;
}

/** Web search refused because the tenant has it off, not because of the model. */
const isTenantSearchOff = (details: unknown) => typeof details === 'object' && details !== null && (details as { reason?: unknown }).reason === 'tenant';

export function messageKeyFor(err: unknown, overrides: MessageOverrides = {}): string {
  const status = statusOf(err);
  const own = (status === null ? undefined : overrides[status]) ?? overrides.otherwise;
  if (own) return own;
  if (!(err instanceof ApiError)) return 'errors.unknown';
  if (err.code === 'credits_depleted') return depletedKey(err.details);
  if (err.code === 'web_search_unavailable' && isTenantSearchOff(err.details)) return 'errors.code.web_search_off';
  const finer = Object.hasOwn(byCode, err.code) ? byCode[err.code as ErrorCode] : undefined;
  return finer ?? byStatus[err.status] ?? (err.status >= 500 ? 'errors.status.500' : 'errors.unknown');
}

/** What a refusal names (spec §8: restricted terms found lists the terms; personal data found its kinds). */
function detailsOf(t: TFunction, err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || typeof err.details !== 'object' || err.details === null) return {};
  const d = err.details as { terms?: unknown; categories?: unknown };
  const out: Record<string, string> = {};
  if (Array.isArray(d.terms)) out.terms = d.terms.map(String).join(', ');
  if (Array.isArray(d.categories)) out.categories = d.categories.map((c) => t(`errors.personalData.${String(c)}`, { ns: 'common', defaultValue: String(c) })).join(', ');
  return out;
}

export function errorMessage(t: TFunction, err: unknown, overrides?: MessageOverrides): string {
  const key = messageKeyFor(err, overrides);
  const details = detailsOf(t, err);
  if (key === 'errors.code.restricted_term' && details.terms) return t('errors.code.restricted_term_found', { ns: 'common', terms: details.terms });
  if (key === 'errors.code.personal_data_found' && details.categories) return t('errors.code.personal_data_found_named', { ns: 'common', categories: details.categories });
  return t(key, { ns: 'common' });
}
