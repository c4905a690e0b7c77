import { routes } from '@app/contracts/routes.gen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /sso-platforms/`: the tenant's enabled platforms for the sign-in page (names and kinds only). */
export const ssoPlatformsQueryOptions = () =>
  queryOptions({
    queryKey: ['sso-platforms'],
    queryFn: ({ signal }) => api(routes.sso.list, { signal }),
    staleTime: 5 * 60_000,
  });

export const useSsoPlatforms = () => useQuery(ssoPlatformsQueryOptions());
