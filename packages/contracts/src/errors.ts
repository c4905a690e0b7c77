/** Error codes the API answers with (body `{ error: { code, message } }`). The web app maps
 * status and, where finer, code to catalogue text. */
export const errorCodes = [
  'bad_request',
  'validation_error',
  'unauthorized',
  'token_expired',
  'forbidden',
  'not_found',
  'tenant_not_found',
  'conflict',
  'credits_depleted',
  'model_not_allowed',
  'chatbot_unavailable',
  'input_too_long',
  'restricted_term',
  'invalid_credentials',
  'not_approved',
  'not_eligible',
  'account_deactivated',
  'admin_required',
  'announcement_title_required',
  'announcement_content_required',
  'announcement_location_required',
  'rate_limited',
  'upstream_failed',
  'internal_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
