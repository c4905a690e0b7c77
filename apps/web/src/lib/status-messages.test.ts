import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, messageKeyFor } from './status-messages';

describe('error → message map', () => {
  it('maps the spec §8 generic statuses', () => {
    expect(messageKeyFor(new ApiError(400, 'bad_request', ''))).toBe('errors.status.400');
    expect(messageKeyFor(new ApiError(401, 'unauthorized', ''))).toBe('errors.status.401');
    expect(messageKeyFor(new ApiError(403, 'forbidden', ''))).toBe('errors.status.403');
    expect(messageKeyFor(new ApiError(404, 'not_found', ''))).toBe('errors.status.404');
    expect(messageKeyFor(new ApiError(422, 'validation_error', ''))).toBe('errors.status.422');
    expect(messageKeyFor(new ApiError(424, 'upstream_failed', ''))).toBe('errors.status.422');
    expect(messageKeyFor(new ApiError(500, 'internal_error', ''))).toBe('errors.status.500');
    expect(messageKeyFor(new ApiError(503, 'x', ''))).toBe('errors.status.500');
  });
  it('prefers a code with a finer text than its status', () => {
    expect(messageKeyFor(new ApiError(400, 'message_empty', ''))).toBe('errors.code.message_empty');
    expect(messageKeyFor(new ApiError(402, 'credits_depleted', ''))).toBe('errors.code.credits_depleted');
    expect(messageKeyFor(new ApiError(403, 'model_not_allowed', ''))).toBe('errors.code.model_not_allowed');
    expect(messageKeyFor(new ApiError(404, 'chatbot_unavailable', ''))).toBe('errors.code.chatbot_unavailable');
    expect(messageKeyFor(new ApiError(404, 'session_not_found', ''))).toBe('errors.code.session_not_found');
    expect(messageKeyFor(new ApiError(413, 'input_too_long', ''))).toBe('errors.code.input_too_long');
    expect(messageKeyFor(new ApiError(428, 'restricted_term', ''))).toBe('errors.code.restricted_term');
    expect(messageKeyFor(new ApiError(502, 'model_failed', ''))).toBe('errors.code.model_failed');
    // Two codes of one status keep their own texts (sign-up: a wrong code is not an expired one).
    expect(messageKeyFor(new ApiError(401, 'code_incorrect', ''))).toBe('errors.code.code_incorrect');
    expect(messageKeyFor(new ApiError(401, 'code_expired', ''))).toBe('errors.code.code_expired');
    expect(messageKeyFor(new ApiError(404, 'invitation_expired', ''))).toBe('errors.code.invitation_expired');
    // A chat's attachments and web search say what to change.
    expect(messageKeyFor(new ApiError(415, 'vision_not_supported', ''))).toBe('errors.code.vision_not_supported');
    expect(messageKeyFor(new ApiError(422, 'too_many_files', ''))).toBe('errors.code.too_many_files');
    expect(messageKeyFor(new ApiError(424, 'web_search_failed', ''))).toBe('errors.code.web_search_failed');
  });
  it("speaks a depletion in the words of the member's case (the server's notice), never the team plan's to a member it gives no credits", () => {
    const depleted = (notice: string, plan_kind = 'team') => new ApiError(402, 'credits_depleted', '', { scope: notice === 'tenant' || notice === 'group' ? notice : 'member', notice, plan_kind });
    expect(messageKeyFor(depleted('tenant'))).toBe('errors.code.credits_depleted_tenant');
    expect(messageKeyFor(depleted('group'))).toBe('errors.code.credits_depleted_group');
    expect(messageKeyFor(depleted('free_plan', 'free'))).toBe('errors.code.credits_depleted_free_plan');
    expect(messageKeyFor(depleted('team_plan'))).toBe('errors.code.credits_depleted_team_plan');
    // On a team tenant, a member with a limit of 0: the member's text.
    expect(messageKeyFor(depleted('member'))).toBe('errors.code.credits_depleted');
    expect(messageKeyFor(depleted('toString'))).toBe('errors.code.credits_depleted');
  });
  it("web search refused because the tenant has it off says so rather than blaming the model", () => {
    expect(messageKeyFor(new ApiError(422, 'web_search_unavailable', '', { reason: 'tenant' }))).toBe('errors.code.web_search_off');
    expect(messageKeyFor(new ApiError(422, 'web_search_unavailable', '', { reason: 'model' }))).toBe('errors.code.web_search_unavailable');
  });
  it('falls back to unknown, also for codes that only look like object keys', () => {
    expect(messageKeyFor(new ApiError(418, 'x', ''))).toBe('errors.unknown');
    expect(messageKeyFor(new ApiError(418, 'toString', ''))).toBe('errors.unknown');
    expect(messageKeyFor(new Error('network'))).toBe('errors.unknown');
  });
  it('lets callers override per status, and for any other failure', () => {
    const overrides = { 422: 'chat:errors.422', 500: 'chat:errors.500' };
    expect(messageKeyFor(new ApiError(422, 'validation_error', ''), overrides)).toBe('chat:errors.422');
    expect(messageKeyFor(new ApiError(500, 'internal_error', ''), overrides)).toBe('chat:errors.500');
    expect(messageKeyFor(new ApiError(402, 'credits_depleted', ''), overrides)).toBe('errors.code.credits_depleted');
    const signIn = { 401: 'auth:signIn.errors.401', otherwise: 'auth:signIn.errors.500' };
    expect(messageKeyFor(new ApiError(401, 'invalid_credentials', ''), signIn)).toBe('auth:signIn.errors.401');
    expect(messageKeyFor(new ApiError(503, 'x', ''), signIn)).toBe('auth:signIn.errors.500');
    expect(messageKeyFor(new TypeError('Failed to fetch'), signIn)).toBe('auth:signIn.errors.500');
  });
});

describe('refusals that name what they found (spec §8)', () => {
  const t = ((key: string, opts?: Record<string, unknown>) => `${key}${opts && 'terms' in opts ? `[${String(opts.terms)}]` : ''}${opts && 'categories' in opts ? `[${String(opts.categories)}]` : ''}`) as unknown as Parameters<typeof errorMessage>[0];
  it('lists the restricted terms and the personal-data kinds', () => {
    expect(errorMessage(t, new ApiError(428, 'restricted_term', '', { terms: ['secret project', '기밀'] }))).toBe('errors.code.restricted_term_found[secret project, 기밀]');
    expect(errorMessage(t, new ApiError(428, 'personal_data_found', '', { categories: ['phone', 'email'] }))).toBe('errors.code.personal_data_found_named[errors.personalData.phone, errors.personalData.email]');
    // Without details, the plain texts.
    expect(errorMessage(t, new ApiError(428, 'restricted_term', ''))).toBe('errors.code.restricted_term');
  });
});
