import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CreditEntry } from '@app/contracts/billing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateBillingRequest } from '../api/create-billing-request';
import { usePurchaseCredits, usePurchaseOptions } from '../api/purchase-credits';
import { errorMessage } from '../../../lib/status-messages';
import { formatCredits, formatPrice } from '../../../lib/format';
import { PaymentChoice, PaymentError, useCardPayment } from './payment-choice';

/**
 * The credit purchase modal (spec §1, §8 "credit purchase failed"): a pack, then with Payple a
 * saved card (charged at once) or a new card in Payple's window; without a provider the pack is
 * asked of an administrator, who approves or rejects it (decision 048).
 */
export function CreditPurchaseModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('billing');
  const options = usePurchaseOptions(opened);
  const purchase = usePurchaseCredits();
  const [pack, setPack] = useState<string | null>(null);
  const packs = options.data?.packs ?? [];
  const chosen = packs.find((p) => String(p.credit) === pack) ?? packs[0];
  const needsCard = options.data?.provider === 'payple';
  const manual = options.data?.provider === 'manual';
  const payment = useCardPayment(options.data?.payment_window ?? false, purchase);
  const request = useCreateBillingRequest();

  const close = () => {
    payment.reset();
    request.reset();
    onClose();
  };
  const done = (entry: CreditEntry) => {
    notifications.show({ color: 'green', message: t('purchase.done', { credit: formatCredits(entry.quota, i18n.language) }) });
    close();
  };
  const buy = () => {
    if (!chosen) return;
    if (manual) {
      request.mutate(
        { kind: 'credits', credit: chosen.credit },
        {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('purchase.requestSent', { credit: formatCredits(chosen.credit, i18n.language) }) });
            close();
          },
        },
      );
      return;
    }
    payment.start();
    if (needsCard && payment.newCard) {
      payment.inWindow.mutate({ kind: 'credits', credit: chosen.credit }, { onSuccess: (r) => r.kind === 'credits' && done(r.entry) });
      return;
    }
    purchase.mutate({ credit: chosen.credit, ...(needsCard && payment.cardId !== null ? { payment_method_id: payment.cardId } : {}) }, { onSuccess: done });
  };

  return (
    <Modal opened={opened} onClose={close} title={manual ? t('purchase.requestTitle') : t('purchase.title')} centered closeButtonProps={{ 'aria-label': t('actions.close') }} data-testid="credit-purchase-modal">
      <Stack>
        <Text size="sm" c="dimmed">
          {manual ? t('purchase.requestDescription') : t('purchase.description')}
        </Text>
        {packs.length > 0 && (
          <SegmentedControl
            fullWidth
            orientation="vertical"
            aria-label={t('purchase.pack')}
            value={chosen ? String(chosen.credit) : ''}
            onChange={setPack}
            data={packs.map((p) => ({ value: String(p.credit), label: t('purchase.packLabel', { credit: formatCredits(p.credit, i18n.language), price: formatPrice(p.price, options.data!.currency, i18n.language) }) }))}
          />
        )}
        {needsCard && <PaymentChoice choice={payment.choice} />}
        <PaymentError error={payment.error} />
        {request.error && (
          <Text c="red.9" size="sm" role="alert">
            {errorMessage(t, request.error, { 409: 'billing:errors.requestOpen' })}
          </Text>
        )}
        <Group justify="space-between">
          <Text fw={600}>{chosen && options.data ? t('purchase.total', { price: formatPrice(chosen.price, options.data.currency, i18n.language) }) : ''}</Text>
          <Group gap="xs">
            <Button variant="default" onClick={close}>
              {t('actions.close')}
            </Button>
            <Button onClick={buy} loading={payment.busy || request.isPending} disabled={!chosen || (needsCard && payment.choice.value === null)}>
              {manual ? t('purchase.request') : t('purchase.buy')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
