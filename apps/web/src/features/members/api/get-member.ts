import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The member's own record, custom field values included. */
export const memberQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.member(id),
    queryFn: ({ signal }) => api(routes.members.get, { params: { id }, signal }),
  });

export const useMember = (id: number | undefined) => useQuery({ ...memberQueryOptions(id ?? 0), enabled: id !== undefined });
