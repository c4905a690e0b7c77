import { Select, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/status-messages';
import { usePayInWindow } from '../api/pay-in-window';
import { usePaymentMethods } from '../api/payment-methods';
import { PaymentWindowError } from '../lib/payple-window';

/** The value of "a new card in the payment window" among the saved cards' ids. */
export const NEW_CARD = 'new';

const paymentErrors = { 402: 'billing:errors.paymentFailed', 409: 'billing:errors.alreadyProcessed' };

/** Spec §8 "credit purchase failed (also with a payment provider or saved method)", and a window the member closed. */
export function paymentErrorText(t: TFunction, err: unknown): string {
  if (err instanceof PaymentWindowError) {
    if (err.reason === 'closed') return t('billing:window.closed');
    if (err.reason === 'declined') return t('billing:errors.declined', { message: err.providerMessage || t('billing:errors.paymentFailed') });
    return t('billing:errors.windowUnavailable');
  }
  return errorMessage(t, err, paymentErrors);
}

/** A payment's outcome line under the form: a closed window is said plainly, a failure as an alert. */
export function PaymentError({ error }: { error: unknown }) {
  const { t } = useTranslation('billing');
  if (!error) return null;
  const closed = error instanceof PaymentWindowError && error.reason === 'closed';
  return (
    <Text c={closed ? 'dimmed' : 'red.9'} size="sm" role={closed ? 'status' : 'alert'} data-testid="payment-error">
      {paymentErrorText(t, error)}
    </Text>
  );
}

/** What to pay with: a saved card, or (when the provider has a window) a new card. null: nothing to pay with. */
export function usePaymentChoice(windowOffered: boolean) {
  const methods = usePaymentMethods();
  const cards = methods.data?.items ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const options = [...cards.map((c) => String(c.id)), ...(windowOffered ? [NEW_CARD] : [])];
  const value = picked !== null && options.includes(picked) ? picked : (options[0] ?? null);
  return { value, setValue: setPicked, cards, loading: methods.isPending, windowOffered };
}

/** The "Pay with" select (saved cards, a new card), or why there is nothing to pay with. */
export function PaymentChoice({ choice }: { choice: ReturnType<typeof usePaymentChoice> }) {
  const { t } = useTranslation('billing');
  if (choice.loading) return null;
  if (choice.value === null)
    return (
      <Text size="sm" c="dimmed">
        {t('purchase.noCard')}
      </Text>
    );
  return (
    <Stack gap={4}>
      <Select
        label={t('purchase.payWith')}
        value={choice.value}
        onChange={(v) => choice.setValue(v)}
        allowDeselect={false}
        data-testid="payment-choice"
        data={[
          ...choice.cards.map((c) => ({ value: String(c.id), label: `${c.card_name} ${c.card_number}` })),
          ...(choice.windowOffered ? [{ value: NEW_CARD, label: t('purchase.newCard') }] : []),
        ]}
      />
      {choice.value === NEW_CARD && (
        <Text size="xs" c="dimmed">
          {t('purchase.newCardHint')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * What the subscribe and purchase modals share: the card choice, the window's payment beside the
 * modal's own saved-card call (`saved`), one error line and one busy flag. `start` clears the last
 * attempt's error; `reset` (on close) also starts the next payment again from the first saved card.
 */
export function useCardPayment(windowOffered: boolean, saved: { reset(): void; error: unknown; isPending: boolean }) {
  const choice = usePaymentChoice(windowOffered);
  const inWindow = usePayInWindow();
  const start = () => {
    saved.reset();
    inWindow.reset();
  };
  return {
    choice,
    inWindow,
    /** The member chose a new card: the payment goes through the provider's window. */
    newCard: choice.value === NEW_CARD,
    /** The saved card chosen, if one is. */
    cardId: choice.value !== null && choice.value !== NEW_CARD ? Number(choice.value) : null,
    error: inWindow.error ?? saved.error,
    busy: inWindow.isPending || saved.isPending,
    start,
    reset: () => {
      start();
      choice.setValue(null);
    },
  };
}
