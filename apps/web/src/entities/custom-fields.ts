import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/**
 * Every custom field of the tenant as the console reads it: the field editor, the member editor
 * (an administrator edits any of a member's) and the invitations (a bulk file may carry the
 * sign-up ones and must not carry the others). The editor's changes invalidate `queryKeys.customFields`.
 */
export const adminCustomFieldsQueryOptions = queryOptions({
  queryKey: [...queryKeys.customFields, 'admin'],
  queryFn: ({ signal }) => api(routes.signUpSettings.listAdminCustomFields, { signal }),
});

export const useAdminCustomFields = (enabled = true) => useQuery({ ...adminCustomFieldsQueryOptions, enabled });

/** Public: the sign-up form's fields (`signup`) or every field (the member's own page). */
export const customFieldsQueryOptions = (which: 'signup' | 'all') =>
  queryOptions({
    queryKey: [...queryKeys.customFields, which],
    queryFn: ({ signal }) => api(routes.signUpSettings.listCustomFields, { query: which === 'signup' ? { is_signup_field: 'true' } : {}, signal }),
  });

export const useCustomFields = (which: 'signup' | 'all', enabled = true) => useQuery({ ...customFieldsQueryOptions(which), enabled });
