/**
 * The one error catalogue: every code the API answers with (body `{ error: { code, message } }`),
 * the HTTP status it always comes with (spec §8) and its default English message. The API makes
 * every error from a code (`new AppError(code)`), so a code never appears with two statuses; the
 * web app maps codes and statuses to catalogue text in `lib/status-messages.ts`.
 */
export const errorCatalogue = {
  // 400: the request cannot be read as asked.
  bad_request: { status: 400, message: 'Request content error; check your input' },
  message_empty: { status: 400, message: 'Enter a message (no text or image)' },
  file_corrupted: { status: 400, message: 'The file is damaged and cannot be read' },
  email_invalid: { status: 400, message: 'Invalid email' },
  default_group_locked: { status: 400, message: "The default group's credit information cannot be changed and it cannot be deleted" },
  unlimited_model_locked: { status: 400, message: 'Unlimited models cannot be disabled' },
  own_account_locked: { status: 400, message: 'You cannot remove your own admin right, deactivate or delete yourself' },
  last_admin: { status: 400, message: 'The last administrator cannot be removed' },
  // 401: no token, or one that is no longer valid.
  unauthorized: { status: 401, message: 'Login required' },
  token_expired: { status: 401, message: 'Session expired; log in again' },
  invalid_credentials: { status: 401, message: 'Incorrect email or password' },
  invalid_api_key: { status: 401, message: 'Invalid, expired or revoked API key' },
  code_incorrect: { status: 401, message: 'Incorrect verification code' },
  code_expired: { status: 401, message: 'The verification code has expired; send a new one' },
  temporary_password_incorrect: { status: 401, message: 'The temporary password is incorrect' },
  sso_state_invalid: { status: 401, message: 'This sign-in attempt has expired or is not valid; start again' },
  sso_token_invalid: { status: 401, message: 'The single sign-on has expired; sign in with it again' },
  sso_credentials_invalid: { status: 401, message: 'Incorrect ID or password' },
  // 402: credits or plan limits.
  credits_depleted: { status: 402, message: 'Credits are depleted; low-cost models stay available' },
  creator_credits_depleted: { status: 402, message: "The chatbot creator's credits are depleted; try again later" },
  member_limit_reached: { status: 402, message: "The plan's member limit is reached" },
  payment_failed: { status: 402, message: 'Credit purchase failed; check the payment method and try again' },
  // 403: permission.
  forbidden: { status: 403, message: 'Access permission required; contact the administrator' },
  admin_required: { status: 403, message: 'Access permission required; contact the administrator' },
  account_deactivated: { status: 403, message: 'Account deactivated' },
  not_approved: { status: 403, message: 'Not yet approved by the administrator' },
  model_not_allowed: { status: 403, message: 'Your group may not use this model' },
  sso_not_whitelisted: { status: 403, message: 'This email may not sign in through this platform; contact the administrator' },
  sso_member_cannot_invite: { status: 403, message: 'Members who sign in with single sign-on cannot invite others' },
  // 404: missing, or not visible to the caller (never tells another tenant's rows apart).
  not_found: { status: 404, message: 'The data does not exist' },
  tenant_not_found: { status: 404, message: 'Unknown tenant' },
  chatbot_unavailable: { status: 404, message: 'This chatbot is unavailable' },
  session_not_found: { status: 404, message: 'The session does not exist' },
  model_not_found: { status: 404, message: 'The model does not exist' },
  file_not_found: { status: 404, message: 'The attached file does not exist' },
  publish_request_not_found: { status: 404, message: 'This chatbot has no pending publish request' },
  document_not_found: { status: 404, message: 'The document does not exist' },
  announcement_not_found: { status: 404, message: 'The announcement does not exist' },
  group_not_found: { status: 404, message: 'The group does not exist' },
  invitation_not_found: { status: 404, message: 'The invitation does not exist' },
  invitation_expired: { status: 404, message: 'The invitation has expired' },
  // 409: a duplicate or a conflicting state.
  conflict: { status: 409, message: 'The data already exists' },
  restricted_word_duplicated: { status: 409, message: 'This restricted word is already in the list' },
  already_registered: { status: 409, message: 'Already registered' },
  invitation_used: { status: 409, message: 'The invitation has already been accepted' },
  invitation_sso: { status: 409, message: 'This invitation is accepted by signing in through single sign-on' },
  group_en_name_taken: { status: 409, message: 'The English name already exists' },
  group_ko_name_taken: { status: 409, message: 'The Korean name already exists' },
  custom_field_duplicated: { status: 409, message: 'Another member already has this value' },
  payment_already_processed: { status: 409, message: 'This payment has already been processed' },
  already_subscribed: { status: 409, message: 'You are already subscribed to this plan' },
  sso_platform_in_use: { status: 409, message: 'Members sign in through this platform: disable it instead' },
  // 413: too large for the model or the limit.
  input_too_long: { status: 413, message: 'The input exceeds the model limit; split the question' },
  file_too_large: { status: 413, message: 'The file is too large' },
  payload_too_large: { status: 413, message: 'The request is too large' },
  // 415: a body or file of a type the route does not take.
  unsupported_media_type: { status: 415, message: 'Invalid format' },
  vision_not_supported: { status: 415, message: 'This model cannot read images; choose a model that can, or remove the image' },
  // 422: well-formed but invalid.
  validation_error: { status: 422, message: 'Data format issue; check your input' },
  too_many_api_keys: { status: 422, message: 'You have the most API keys you can have; revoke one first' },
  chatbot_incomplete: { status: 422, message: 'Give the chatbot a Korean and an English name before publishing' },
  too_many_documents: { status: 422, message: 'This chatbot already has the most documents it can hold' },
  too_many_files: { status: 422, message: 'Too many files for one message' },
  restricted_word_invalid: { status: 422, message: 'A restricted word needs 1 to 100 characters' },
  privacy_mode_invalid: { status: 422, message: 'Choose one privacy mode: off, block or mask' },
  password_incorrect: { status: 422, message: 'Current password is incorrect' },
  password_too_weak: { status: 422, message: 'Password needs at least 8 characters with letters, numbers and special characters' },
  name_invalid: { status: 422, message: 'Name needs 2 to 100 characters' },
  group_invalid: { status: 422, message: 'Choose a valid group' },
  custom_field_required: { status: 422, message: 'A required field is missing' },
  custom_field_invalid: { status: 422, message: 'A field value is invalid' },
  policy_not_agreed: { status: 422, message: 'Agree to the mandatory policies' },
  reason_required: { status: 422, message: 'Enter a reason' },
  temporary_password_required: { status: 422, message: 'Enter the temporary password' },
  announcement_title_required: { status: 422, message: 'Enter a title' },
  announcement_content_required: { status: 422, message: 'Enter the content' },
  announcement_location_required: { status: 422, message: 'Choose a location' },
  web_search_unavailable: { status: 422, message: 'Web search is not available for this model or tenant' },
  web_search_settings_invalid: { status: 422, message: 'This search provider needs a URL or an API key' },
  sso_type_invalid: { status: 422, message: 'This sign-in method is not available for this platform' },
  sso_settings_invalid: { status: 422, message: 'This platform is missing a required setting' },
  sso_no_password: { status: 422, message: 'You sign in with single sign-on and have no password here' },
  // 423: the account may not use the service.
  not_eligible: { status: 423, message: 'Not eligible to use the service' },
  // 424: a service the request depends on failed (mail, SSO).
  upstream_failed: { status: 424, message: 'A service this request depends on failed; try again' },
  mail_failed: { status: 424, message: 'The email could not be sent; try again later' },
  web_search_failed: { status: 424, message: 'The web search failed; try again or turn web search off' },
  sso_claims_missing: { status: 424, message: 'Missing essential information from the sign-in platform' },
  sso_failed: { status: 424, message: 'The sign-in platform could not be reached or refused the sign-in; try again' },
  sms_failed: { status: 424, message: 'The text message could not be sent; try again later' },
  // 428: sensitive content.
  restricted_term: { status: 428, message: 'Request blocked due to sensitive information' },
  personal_data_found: { status: 428, message: 'Personal data found: remove it and send again' },
  // 429: abuse limits.
  rate_limited: { status: 429, message: 'Too many requests; try again later' },
  file_pages_exceeded: { status: 429, message: 'You have uploaded the most pages allowed today; try again after the reset' },
  // 5xx: never echoes internals.
  internal_error: { status: 500, message: 'Server error; try again later' },
  model_failed: { status: 502, message: 'Chat processing failed; try again' },
  // 503: this instance is not ready (its database or Redis is unreachable) or is shutting down: a balancer sends the request elsewhere.
  unavailable: { status: 503, message: 'The service is temporarily unavailable; try again' },
  // Spec §8 "image generation 500": an image model's upstream failed or returned no image.
  image_generation_failed: { status: 500, message: 'Image generation failed; try again' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;
export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorCatalogue, code);

/** The status a code always answers with. */
export const statusOfCode = (code: ErrorCode): number => errorCatalogue[code].status;
