import type { CustomFieldList } from '@app/contracts/sign-up-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const adminCustomFieldsQueryOptions = queryOptions({
  queryKey: [...queryKeys.customFields, 'admin'],
  queryFn: () => apiRequest<CustomFieldList>('/admin/custom-fields/'),
});

export const useAdminCustomFields = () => useQuery(adminCustomFieldsQueryOptions);
