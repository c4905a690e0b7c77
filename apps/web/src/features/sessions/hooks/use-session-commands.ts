import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage, type MessageOverrides } from '../../../lib/status-messages';
import { useDeleteSession } from '../api/delete-session';
import { useRenameSession } from '../api/rename-session';
import { confirmDeleteSession, openRenameSession } from '../components/session-dialogs';

/** Spec §8 session patch statuses. */
const RENAME_ERRORS: MessageOverrides = { 404: 'sessions:errors.404', 403: 'sessions:errors.403' };

/** Rename and delete a session through their dialogs, with the spec §8 texts when they fail. */
export function useSessionCommands() {
  const { t } = useTranslation();
  const renameSession = useRenameSession();
  const deleteSession = useDeleteSession();
  return {
    rename(hash: string, title: string | null) {
      openRenameSession(t, title, (next) =>
        renameSession.mutate({ hash, title: next }, { onError: (err) => notifications.show({ color: 'red', message: errorMessage(t, err, RENAME_ERRORS) }) }),
      );
    },
    /** After the confirmation: `onConfirm` before the (optimistic) delete is sent, `onDeleted` once the server has deleted it. */
    remove(hash: string, title: string | null, on: { onConfirm?: () => void; onDeleted?: () => void } = {}) {
      confirmDeleteSession(t, title, () => {
        on.onConfirm?.();
        deleteSession.mutate(hash, {
          onSuccess: on.onDeleted,
          onError: (err) => notifications.show({ color: 'red', message: t('sessions:delete.failed', { reason: errorMessage(t, err) }) }),
        });
      });
    },
  };
}
