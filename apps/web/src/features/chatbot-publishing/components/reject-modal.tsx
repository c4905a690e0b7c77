import { PUBLISH_REASON_MAX } from '@app/contracts/chatbot-publishing';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Rejecting several requests: one optional reason, mailed to each author (spec §4). */
export function RejectModal({ count, loading, onReject, onClose }: { count: number; loading: boolean; onReject: (reason: string) => void; onClose: () => void }) {
  const { t } = useTranslation('chatbot-publishing');
  const [reason, setReason] = useState('');
  return (
    <Modal opened onClose={onClose} title={t('bulk.rejectTitle')} centered closeButtonProps={{ 'aria-label': t('common:close') }} data-testid="bulk-reject-modal">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onReject(reason.trim());
        }}
      >
        <Stack>
          <Text size="sm">{t('bulk.rejectBody', { count })}</Text>
          <Textarea
            label={t('feedback.reason')}
            description={t('feedback.reasonHint', { max: PUBLISH_REASON_MAX })}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={PUBLISH_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid="bulk-reject-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" color="red" loading={loading} data-testid="bulk-reject-confirm">
              {t('bulk.rejectConfirm', { count })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
