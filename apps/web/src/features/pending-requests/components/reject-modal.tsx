import { useTranslation } from 'react-i18next';
import { ReasonModal } from '../../../components/reason-modal';

/** Rejecting needs a reason (spec §5); it is emailed to the member(s). */
export function RejectModal({ count, name, loading, onReject, onClose }: { count: number; name?: string; loading: boolean; onReject: (reason: string) => void; onClose: () => void }) {
  const { t } = useTranslation('pending-requests');
  const texts = {
    title: t('reject.title'),
    body: name ? t('reject.bodyOne', { name }) : t('reject.bodyMany', { count }),
    reason: t('reject.reason'),
    reasonHint: t('reject.reasonHint'),
    required: t('reject.required'),
    cancel: t('cancel'),
    confirm: t('reject.confirm'),
  };
  return <ReasonModal texts={texts} testId="reject" loading={loading} onConfirm={onReject} onClose={onClose} />;
}
