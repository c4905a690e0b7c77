import type { AdminMember } from '@app/contracts/admin-members';
import type { MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage, type MessageOverrides } from '../../../lib/status-messages';
import { useDeleteAdminMember } from '../api/delete-admin-member';
import { useRemoveMemberFromGroup } from '../api/remove-member-from-group';
import { useUpdateAdminMember } from '../api/update-admin-member';
import { confirm } from '../../../components/kit/confirm';

/**
 * Spec §8 "Members": patch 400 (the code's own text: oneself, the last administrator), 404 and 500;
 * delete 404 and 500.
 */
export const patchErrors: MessageOverrides = { 404: 'admin-members:errors.notFound', 500: 'admin-members:errors.server' };
export const deleteErrors: MessageOverrides = { 404: 'admin-members:errors.notFound', 500: 'admin-members:errors.deleteServer' };
const groupErrors: MessageOverrides = { 404: 'admin-members:errors.groupNotFound', 500: 'admin-members:errors.server' };

/** A row's one-click actions, each behind a confirmation that names the member, each ending in a toast. */
export function useMemberActions() {
  const { t, i18n } = useTranslation('admin-members');
  const update = useUpdateAdminMember();
  const remove = useDeleteAdminMember();
  const leave = useRemoveMemberFromGroup();
  const named = (m: AdminMember) => ({ name: m.name, email: m.email });
  const fail = (title: string, err: unknown, overrides: MessageOverrides) => notifications.show({ color: 'red', title, message: errorMessage(t, err, overrides) });

  return {
    busy: update.isPending || remove.isPending || leave.isPending,
    toggleAdmin(m: AdminMember) {
      const grant = !m.is_admin;
      confirm({
        title: t(grant ? 'confirm.makeAdminTitle' : 'confirm.removeAdminTitle'),
        body: t(grant ? 'confirm.makeAdminBody' : 'confirm.removeAdminBody', named(m)),
        confirm: t(grant ? 'confirm.makeAdmin' : 'confirm.removeAdmin'),
        cancel: t('cancel'),
        color: grant ? 'indigo' : 'red',
        testId: 'confirm-admin',
        onConfirm: () =>
          update.mutate(
            { id: m.id, body: { is_admin: grant } },
            {
              onSuccess: () => notifications.show({ color: 'green', message: t(grant ? 'toast.adminGranted' : 'toast.adminRemoved', { name: m.name }) }),
              onError: (err) => fail(t('toast.adminFailed'), err, patchErrors),
            },
          ),
      });
    },
    toggleActive(m: AdminMember) {
      const setStatus = () =>
        update.mutate(
          { id: m.id, body: { member_status: m.member_status === 'deactivated' ? 'active' : 'deactivated' } },
          {
            onSuccess: (saved) => notifications.show({ color: 'green', message: t(saved.member_status === 'deactivated' ? 'toast.deactivated' : 'toast.reactivated', { name: m.name }) }),
            onError: (err) => fail(t('toast.statusFailed'), err, patchErrors),
          },
        );
      if (m.member_status === 'deactivated') return setStatus();
      confirm({
        title: t('confirm.deactivateTitle'),
        body: t('confirm.deactivateBody', named(m)),
        confirm: t('confirm.deactivate'),
        cancel: t('cancel'),
        testId: 'confirm-deactivate',
        onConfirm: setStatus,
      });
    },
    remove(m: AdminMember) {
      confirm({
        title: t('confirm.deleteTitle'),
        body: t('confirm.deleteBody', named(m)),
        confirm: t('confirm.delete'),
        cancel: t('cancel'),
        testId: 'confirm-delete-member',
        onConfirm: () =>
          remove.mutate(m.id, {
            onSuccess: () => notifications.show({ color: 'green', message: t('toast.deleted', { name: m.name }) }),
            onError: (err) => fail(t('toast.deleteFailed'), err, deleteErrors),
          }),
      });
    },
    removeFromGroup(m: AdminMember, g: MemberGroupSummary) {
      const group = localizedName(g, i18n.language);
      confirm({
        title: t('confirm.removeGroupTitle'),
        body: t('confirm.removeGroupBody', { name: m.name, group }),
        confirm: t('confirm.removeGroup'),
        cancel: t('cancel'),
        testId: 'confirm-remove-group',
        onConfirm: () =>
          leave.mutate(
            { groupId: g.id, memberId: m.id },
            {
              onSuccess: () => notifications.show({ color: 'green', message: t('toast.removedFromGroup', { name: m.name, group }) }),
              onError: (err) => fail(t('toast.removeFromGroupFailed'), err, groupErrors),
            },
          ),
      });
    },
  };
}
