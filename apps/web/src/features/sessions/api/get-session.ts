import { routes } from '@app/contracts/routes.gen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const sessionQueryOptions = (hash: string) =>
  queryOptions({ queryKey: queryKeys.session(hash), queryFn: ({ signal }) => api(routes.sessions.get, { params: { hash }, signal }) });

export const useSession = (hash: string | undefined) => useQuery({ ...sessionQueryOptions(hash ?? ''), enabled: !!hash });
