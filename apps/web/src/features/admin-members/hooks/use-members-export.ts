import { useTaskExport } from '../../../lib/task-export';
import { useStartMembersExport } from '../api/start-members-export';

/** The members export (spec §7 `GET /admin/members/export-task/`): a background task, followed and downloaded. */
export function useMembersExport() {
  const exp = useTaskExport(useStartMembersExport());
  return { ...exp, begin: () => exp.begin(undefined) };
}
