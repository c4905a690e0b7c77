import type { CustomFieldList } from '@app/contracts/sign-up-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Every custom field of the tenant (the bulk file may carry the sign-up ones and must not carry
 * the others). Same key as the console's custom-field list, so an edit there refreshes it here.
 */
export const inviteCustomFieldsQueryOptions = queryOptions({
  queryKey: [...queryKeys.customFields, 'admin'],
  queryFn: () => apiRequest<CustomFieldList>('/admin/custom-fields/'),
});

export const useInviteCustomFields = (enabled = true) => useQuery({ ...inviteCustomFieldsQueryOptions, enabled });
