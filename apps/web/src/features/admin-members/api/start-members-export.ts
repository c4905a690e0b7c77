import { useMutation } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';

/** `GET /admin/members/export-task/` starts a background export of every member and answers its task. */
export function startMembersExport() {
  return api(routes.adminMembers.startExport);
}

export const useStartMembersExport = () => useMutation({ mutationFn: startMembersExport });
