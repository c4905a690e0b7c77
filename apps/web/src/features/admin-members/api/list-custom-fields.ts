import type { CustomFieldList } from '@app/contracts/sign-up-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every custom field of the tenant (an administrator edits any of a member's). */
export const memberCustomFieldsQueryOptions = queryOptions({
  queryKey: [...queryKeys.customFields, 'admin'],
  queryFn: () => apiRequest<CustomFieldList>('/admin/custom-fields/'),
});

export const useMemberCustomFields = () => useQuery(memberCustomFieldsQueryOptions);
