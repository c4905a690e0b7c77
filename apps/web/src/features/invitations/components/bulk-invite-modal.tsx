import type { MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../lib/query-keys';
import { inviteMembers } from '../api/invite-members';
import { type UploadDeps, useUpload } from '../lib/upload-store';
import { BulkFileStep } from './bulk-file-step';
import { BulkProgress } from './bulk-progress';

/** What the upload store needs from the app: the request, and the lists to refresh after each batch. */
export function useUploadDeps(): UploadDeps {
  const qc = useQueryClient();
  return useMemo(
    () => ({
      // A file must fill every required sign-up field (spec §5); the single form may leave them to the invitee.
      send: (members) => inviteMembers({ members, require_custom_fields: true }),
      // Open invitations hold seats: the member count changes too.
      onBatchDone: () => {
        void qc.invalidateQueries({ queryKey: queryKeys.invitations });
        void qc.invalidateQueries({ queryKey: queryKeys.signUpSettings });
      },
    }),
    [qc],
  );
}

/**
 * Bulk invite from a CSV or XLSX file (spec §4, §5 "Bulk member file"): the template, the file
 * checked before anything is sent, then its batches. The upload lives in `upload-store`, so
 * closing this window neither stops it nor forgets it.
 */
export function BulkInviteModal({ groups, opened, onClose }: { groups: MemberGroupSummary[]; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('invitations');
  const phone = useMediaQuery('(max-width: 36em)');
  const upload = useUpload();
  const deps = useUploadDeps();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('bulk.title')}
      size="xl"
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
      data-testid="bulk-invite-modal"
    >
      {upload ? <BulkProgress upload={upload} deps={deps} onClose={onClose} /> : <BulkFileStep groups={groups} deps={deps} onClose={onClose} />}
    </Modal>
  );
}
