import type { Task } from '@app/contracts/tasks';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /admin/dashboards/usage/export-task/` starts the usage export over the range and answers its task. */
export const useStartUsageExport = () =>
  useMutation({ mutationFn: (range: { start: string; end: string }) => apiRequest<Task>('/admin/dashboards/usage/export-task/', { query: { start_month: range.start, end_month: range.end } }) });
