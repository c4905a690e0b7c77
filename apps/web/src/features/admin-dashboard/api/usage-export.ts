import { routes } from '@app/contracts/routes.gen';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /admin/dashboards/usage/export-task/` starts the usage export over the range and answers its task. */
export const useStartUsageExport = () =>
  useMutation({ mutationFn: (range: { start: string; end: string }) => api(routes.dashboards.exportUsage, { query: { start_month: range.start, end_month: range.end } }) });
