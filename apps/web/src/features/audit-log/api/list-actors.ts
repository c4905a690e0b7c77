import { routes } from '@app/contracts/routes.gen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Everyone with an entry in the log (`GET /admin/audit-log/actors/`), admins now or before, by name: the log's "who" filter. */
export const actorsQueryOptions = queryOptions({
  queryKey: ['audit-log', 'actors'],
  queryFn: ({ signal }) => api(routes.auditLog.actors, { signal }),
  staleTime: 0,
});

export const useActors = () => useQuery(actorsQueryOptions);
