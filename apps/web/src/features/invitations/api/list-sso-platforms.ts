import type { AdminSsoPlatform } from '@app/contracts/sso';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * The tenant's SSO platforms, for the bulk file's SSO columns and the list's SSO invitations
 * (the same query as the SSO console's, so both share one cache entry).
 */
export const inviteSsoPlatformsQueryOptions = () => queryOptions({ queryKey: ['admin', 'sso-platforms'] as const, queryFn: () => apiRequest<{ items: AdminSsoPlatform[] }>('/admin/sso-platforms/') });
export const useInviteSsoPlatforms = () => useQuery(inviteSsoPlatformsQueryOptions());
