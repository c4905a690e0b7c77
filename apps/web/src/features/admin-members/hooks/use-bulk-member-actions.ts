import type { AdminMember } from '@app/contracts/admin-members';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/kit/confirm';
import { toast, useMutationWithToast } from '../../../components/kit/use-mutation-with-toast';
import type { MessageOverrides } from '../../../lib/status-messages';
import { useBulkDeleteMembers } from '../api/bulk-delete-members';
import { useBulkUpdateCreditQuota } from '../api/bulk-update-credit-quota';
import type { BulkOutcome } from '../components/bulk-results';

/** Spec §8 "Members": a failed bulk delete asks to refresh the browser; §8 "credit quota update error". */
const bulkDeleteErrors: MessageOverrides = { otherwise: 'admin-members:toast.bulkFailed' };
const creditErrors: MessageOverrides = { otherwise: 'admin-members:toast.creditFailed' };

const label = (m: AdminMember) => `${m.name} (${m.email})`;
const labelsOf = (members: AdminMember[]) => new Map(members.map((m) => [m.id, label(m)]));

/**
 * The selection (kept across pages, so it holds the members themselves) and what can be done to
 * it: a credit limit for all, or deleting all; a partial failure lists each member's outcome.
 */
export function useBulkMemberActions() {
  const { t } = useTranslation('admin-members');
  const [selected, setSelected] = useState<ReadonlyMap<number, AdminMember>>(new Map());
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const [creditOpen, setCreditOpen] = useState(false);
  const credit = useMutationWithToast(useBulkUpdateCreditQuota(), { overrides: creditErrors });
  const bulkDelete = useMutationWithToast(useBulkDeleteMembers(), { overrides: bulkDeleteErrors });

  /** The table's keys: members already chosen keep their rows, new ones come from the page shown. */
  const choose = (keys: (string | number)[], page: AdminMember[]) =>
    setSelected((s) => {
      const next = new Map<number, AdminMember>();
      for (const k of keys) {
        const m = s.get(Number(k)) ?? page.find((x) => x.id === k);
        if (m) next.set(m.id, m);
      }
      return next;
    });

  const applyCredit = (quota: number | null) => {
    const chosen = [...selected.values()];
    credit.run({ member_ids: chosen.map((m) => m.id), credit_quota: quota }, (res) => {
      setCreditOpen(false);
      if (res.items.every((i) => i.ok)) toast.success(t('toast.creditSet'));
      else setOutcome({ items: res.items, labels: labelsOf(chosen) });
      setSelected(new Map());
    });
  };

  const confirmDelete = () => {
    const chosen = [...selected.values()];
    const only = chosen.length === 1 ? chosen[0]! : null;
    confirm({
      title: t('confirm.deleteTitle'),
      body: only ? t('confirm.deleteBody', { name: only.name, email: only.email }) : t('confirm.deleteManyBody', { count: chosen.length }),
      confirm: t('confirm.delete'),
      cancel: t('cancel'),
      testId: 'confirm-bulk-delete',
      onConfirm: () =>
        bulkDelete.run(
          chosen.map((m) => m.id),
          (res) => {
            setSelected(new Map());
            if (res.items.every((i) => i.ok)) toast.success(t('toast.bulkDeleted'));
            else setOutcome({ items: res.items, labels: labelsOf(chosen) });
          },
        ),
    });
  };

  return { selected, choose, clear: () => setSelected(new Map()), outcome, closeOutcome: () => setOutcome(null), creditOpen, setCreditOpen, creditPending: credit.isPending, applyCredit, deletePending: bulkDelete.isPending, confirmDelete };
}
