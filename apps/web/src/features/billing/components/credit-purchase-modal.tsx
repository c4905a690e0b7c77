import { Button, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/status-messages';
import { usePaymentMethods } from '../api/payment-methods';
import { usePurchaseCredits, usePurchaseOptions } from '../api/purchase-credits';
import { formatCredits, formatPrice } from '../../../lib/format';

const paymentErrors = { 402: 'billing:errors.paymentFailed', 409: 'billing:errors.alreadyProcessed' };

/** The credit purchase modal (spec §1, §8 "credit purchase failed"): a pack, a saved card when the provider charges cards. */
export function CreditPurchaseModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('billing');
  const options = usePurchaseOptions(opened);
  const methods = usePaymentMethods();
  const purchase = usePurchaseCredits();
  const [pack, setPack] = useState<string | null>(null);
  const [card, setCard] = useState<string | null>(null);
  const packs = options.data?.packs ?? [];
  const chosen = packs.find((p) => String(p.credit) === pack) ?? packs[0];
  const needsCard = options.data?.provider === 'payple';
  const cards = methods.data?.items ?? [];
  const cardId = card ?? (cards[0] ? String(cards[0].id) : null);

  const buy = () => {
    if (!chosen) return;
    purchase.mutate(
      { credit: chosen.credit, ...(needsCard && cardId ? { payment_method_id: Number(cardId) } : {}) },
      {
        onSuccess: (entry) => {
          notifications.show({ color: 'green', message: t('purchase.done', { credit: formatCredits(entry.quota, i18n.language) }) });
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('purchase.title')} centered closeButtonProps={{ 'aria-label': t('actions.close') }} data-testid="credit-purchase-modal">
      <Stack>
        <Text size="sm" c="dimmed">
          {t('purchase.description')}
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
        {needsCard &&
          (cards.length > 0 ? (
            <Select label={t('purchase.card')} value={cardId} onChange={setCard} allowDeselect={false} data={cards.map((c) => ({ value: String(c.id), label: `${c.card_name} ${c.card_number}` }))} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('purchase.noCard')}
            </Text>
          ))}
        {purchase.error && (
          <Text c="red.9" size="sm" role="alert">
            {errorMessage(t, purchase.error, paymentErrors)}
          </Text>
        )}
        <Group justify="space-between">
          <Text fw={600}>{chosen && options.data ? t('purchase.total', { price: formatPrice(chosen.price, options.data.currency, i18n.language) }) : ''}</Text>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('actions.close')}
            </Button>
            <Button onClick={buy} loading={purchase.isPending} disabled={!chosen || (needsCard && !cardId)}>
              {t('purchase.buy')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
