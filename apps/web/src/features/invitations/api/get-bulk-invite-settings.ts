import type { BulkInviteSettings } from '@app/contracts/invitations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How a bulk-invite file is sent: rows per request (a server setting). */
export const bulkInviteSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.bulkInviteSettings,
  queryFn: () => apiRequest<BulkInviteSettings>('/admin/invitations/bulk-settings/'),
  staleTime: Infinity,
});

export const useBulkInviteSettings = (enabled = true) => useQuery({ ...bulkInviteSettingsQueryOptions, enabled });
