import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { messageKeyFor } from './status-messages';

describe('status → message map', () => {
  it('maps the spec §8 generic statuses', () => {
    expect(messageKeyFor(new ApiError(400, 'bad_request', ''))).toBe('errors.status.400');
    expect(messageKeyFor(new ApiError(401, 'unauthorized', ''))).toBe('errors.status.401');
    expect(messageKeyFor(new ApiError(403, 'forbidden', ''))).toBe('errors.status.403');
    expect(messageKeyFor(new ApiError(404, 'not_found', ''))).toBe('errors.status.404');
    expect(messageKeyFor(new ApiError(422, 'validation_error', ''))).toBe('errors.status.422');
    expect(messageKeyFor(new ApiError(424, 'upstream_failed', ''))).toBe('errors.status.422');
    expect(messageKeyFor(new ApiError(428, 'restricted_term', ''))).toBe('errors.status.428');
    expect(messageKeyFor(new ApiError(500, 'internal_error', ''))).toBe('errors.status.500');
    expect(messageKeyFor(new ApiError(503, 'x', ''))).toBe('errors.status.500');
  });
  it('falls back to unknown', () => {
    expect(messageKeyFor(new ApiError(418, 'x', ''))).toBe('errors.unknown');
    expect(messageKeyFor(new Error('network'))).toBe('errors.unknown');
  });
  it('lets callers override per status', () => {
    const overrides = { 402: 'chat:errors.402', 403: 'chat:errors.403' };
    expect(messageKeyFor(new ApiError(402, 'credits_depleted', ''), overrides)).toBe('chat:errors.402');
    expect(messageKeyFor(new ApiError(403, 'model_not_allowed', ''), overrides)).toBe('chat:errors.403');
    expect(messageKeyFor(new ApiError(404, 'not_found', ''), overrides)).toBe('errors.status.404');
  });
});
