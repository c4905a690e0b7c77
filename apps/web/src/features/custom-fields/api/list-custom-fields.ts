import type { CustomFieldList } from '@app/contracts/sign-up-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Public: the sign-up form's fields (`signup`) or every field (the member's own page). */
export const customFieldsQueryOptions = (which: 'signup' | 'all') =>
  queryOptions({
    queryKey: [...queryKeys.customFields, which],
    queryFn: () => apiRequest<CustomFieldList>('/custom-fields/', { query: which === 'signup' ? { is_signup_field: true } : {} }),
  });

export const useCustomFields = (which: 'signup' | 'all', enabled = true) => useQuery({ ...customFieldsQueryOptions(which), enabled });
