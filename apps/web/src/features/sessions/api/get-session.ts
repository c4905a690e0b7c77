import type { Session } from '@app/contracts/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const sessionQueryOptions = (hash: string) =>
  queryOptions({ queryKey: queryKeys.session(hash), queryFn: () => apiRequest<Session>(`/sessions/${hash}/`, {}) });

export const useSession = (hash: string | undefined) => useQuery({ ...sessionQueryOptions(hash ?? ''), enabled: !!hash });
