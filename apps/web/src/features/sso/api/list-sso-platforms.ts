import type { PublicSsoPlatform } from '@app/contracts/sso';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /sso-platforms/`: the tenant's enabled platforms for the sign-in page (names and kinds only). */
export const ssoPlatformsQueryOptions = () =>
  queryOptions({
    queryKey: ['sso-platforms'],
    queryFn: () => apiRequest<{ items: PublicSsoPlatform[] }>('/sso-platforms/'),
    staleTime: 5 * 60_000,
  });

export const useSsoPlatforms = () => useQuery(ssoPlatformsQueryOptions());
