import { ActionIcon, Alert, Badge, Button, Card, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import type { Membership, Plan } from '@app/contracts/billing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useMembershipAction, useSubscribe } from '../api/change-membership';
import { useMembership } from '../api/get-membership';
import { usePlans } from '../api/list-plans';
import { useDeletePaymentMethod, usePaymentMethods } from '../api/payment-methods';
import { useCreateBillingRequest } from '../api/create-billing-request';
import { useBillingRequests } from '../api/list-billing-requests';
import { BillingRequests } from './billing-requests';
import { CreditHistory } from './credit-history';
import { CreditPurchaseModal } from './credit-purchase-modal';
import { PaymentChoice, PaymentError, useCardPayment } from './payment-choice';
import { formatCredits, formatDay, formatPrice } from '../../../lib/format';

const paymentErrors = { 402: 'billing:errors.paymentFailed', 409: 'billing:errors.alreadyProcessed' };
const requestErrors = { 409: 'billing:errors.requestOpen' };

function MembershipCard({ membership }: { membership: Membership | null }) {
  const { t, i18n } = useTranslation('billing');
  const action = useMembershipAction();
  const [confirming, setConfirming] = useState(false);
  const lng = i18n.language;
  if (!membership)
    return (
      <Text c="dimmed" data-testid="membership-none">
        {t('membership.none')}
      </Text>
    );
  const cancelled = membership.next_plan === null;
  return (
    <Stack gap="xs" data-testid="membership">
      <Group gap="xs">
        <Text fw={700} size="lg">
          {localizedName(membership.plan, lng)}
        </Text>
        <Badge color={cancelled ? 'orange' : 'teal'} variant="dot">
          {cancelled ? t('membership.cancelled') : t('membership.active')}
        </Badge>
      </Group>
      <Text size="sm">{t('membership.price', { price: formatPrice(membership.price, membership.currency, lng) })}</Text>
      <Text size="sm" data-testid="membership-next">
        {cancelled ? t('membership.endsOn', { date: formatDay(membership.next_payment_date, lng) }) : t('membership.nextPayment', { date: formatDay(membership.next_payment_date, lng) })}
      </Text>
      {membership.payment_method && <Text size="sm" c="dimmed">{t('membership.paidWith', { card: `${membership.payment_method.card_name} ${membership.payment_method.card_number}` })}</Text>}
      {membership.next_plan && membership.next_plan.id !== membership.plan.id && (
        <Text size="sm" c="dimmed">
          {t('membership.switching', { plan: localizedName(membership.next_plan, lng) })}
        </Text>
      )}
      {action.error && (
        <Text c="red.9" size="sm" role="alert">
          {errorMessage(t, action.error)}
        </Text>
      )}
      <Group>
        {cancelled ? (
          <Button variant="light" onClick={() => action.mutate('resume', { onSuccess: () => notifications.show({ color: 'green', message: t('membership.resumed') }) })} loading={action.isPending}>
            {t('membership.resume')}
          </Button>
        ) : (
          <Button variant="default" color="red" onClick={() => setConfirming(true)}>
            {t('membership.cancel')}
          </Button>
        )}
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('membership.cancelTitle')} centered closeButtonProps={{ 'aria-label': t('actions.close') }}>
        <Stack>
          <Text size="sm">{t('membership.cancelConfirm', { date: formatDay(membership.next_payment_date, lng) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('actions.keep')}
            </Button>
            <Button
              color="red"
              loading={action.isPending}
              onClick={() =>
                action.mutate('cancel', {
                  onSuccess: () => {
                    setConfirming(false);
                    notifications.show({ message: t('membership.cancelledNotice') });
                  },
                })
              }
            >
              {t('membership.cancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** Without a payment provider a plan is asked of an administrator (decision 048): one open request at a time. */
function RequestPlanButton({ plan, membership }: { plan: Plan; membership: Membership | null }) {
  const { t } = useTranslation('billing');
  const create = useCreateBillingRequest();
  const requests = useBillingRequests();
  const open = requests.data?.items.find((r) => r.status === 'requested' && r.kind === 'subscription');
  const current = membership?.plan.id === plan.id;
  const label = current ? t('plans.current') : open?.plan?.id === plan.id ? t('plans.requested') : membership ? t('plans.requestSwitch') : t('plans.request');
  return (
    <>
      {create.error && (
        <Text c="red.9" size="sm" role="alert">
          {errorMessage(t, create.error, requestErrors)}
        </Text>
      )}
      <Button
        mt="auto"
        variant={current || open ? 'light' : 'filled'}
        disabled={current || open !== undefined || requests.isPending}
        loading={create.isPending}
        onClick={() => create.mutate({ kind: 'subscription', plan_id: plan.id }, { onSuccess: () => notifications.show({ color: 'green', message: t('plans.requestSent') }) })}
      >
        {label}
      </Button>
    </>
  );
}

/** With a provider: a first subscription is paid now (a saved card or the window); a change of plan applies at the next payment. */
function PayPlanButton({ plan, membership, provider, onPay }: { plan: Plan; membership: Membership | null; provider: string; onPay: (plan: Plan) => void }) {
  const { t } = useTranslation('billing');
  const subscribe = useSubscribe();
  const current = membership?.plan.id === plan.id;
  const needsCard = provider === 'payple' && !membership;
  const label = current ? t('plans.current') : membership ? t('plans.switch') : t('plans.subscribe');
  return (
    <>
      {subscribe.error && (
        <Text c="red.9" size="sm" role="alert">
          {errorMessage(t, subscribe.error, paymentErrors)}
        </Text>
      )}
      <Button
        mt="auto"
        variant={current ? 'light' : 'filled'}
        disabled={current}
        loading={subscribe.isPending}
        onClick={() =>
          needsCard
            ? onPay(plan)
            : subscribe.mutate({ planId: plan.id, body: {} }, { onSuccess: () => notifications.show({ color: 'green', message: membership ? t('plans.switched') : t('plans.subscribed') }) })
        }
      >
        {label}
      </Button>
    </>
  );
}

function PlanCard({ plan, membership, provider, onPay }: { plan: Plan; membership: Membership | null; provider: string; onPay: (plan: Plan) => void }) {
  const { t, i18n } = useTranslation('billing');
  const lng = i18n.language;
  return (
    <Card withBorder radius="md" padding="md" data-testid={`plan-${plan.id}`}>
      <Stack gap={6} h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{localizedName(plan, lng)}</Text>
          {plan.is_low_llm_free && (
            <Tooltip label={t('plans.lowLlmFreeHint')} multiline w={220}>
              <Badge variant="light" size="sm">
                {t('plans.lowLlmFree')}
              </Badge>
            </Tooltip>
          )}
        </Group>
        <Text size="xl" fw={700}>
          {formatPrice(plan.krw_month_price, 'KRW', lng)}
          <Text span size="sm" c="dimmed" fw={400}>
            {' '}
            {t('plans.perMonth')}
          </Text>
        </Text>
        <Text size="sm">{t('plans.credits', { credit: formatCredits(plan.credit, lng) })}</Text>
        {provider === 'manual' ? <RequestPlanButton plan={plan} membership={membership} /> : <PayPlanButton plan={plan} membership={membership} provider={provider} onPay={onPay} />}
      </Stack>
    </Card>
  );
}

/** A first subscription with Payple: the plan, what to pay with (a saved card or a new one in the window), Pay. */
function SubscribeModal({ plan, paymentWindow, onClose }: { plan: Plan | null; paymentWindow: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('billing');
  const lng = i18n.language;
  const subscribe = useSubscribe();
  const payment = useCardPayment(paymentWindow, subscribe);
  const price = plan ? formatPrice(plan.krw_month_price, 'KRW', lng) : '';
  const close = () => {
    payment.reset();
    onClose();
  };
  const done = () => {
    notifications.show({ color: 'green', message: t('plans.subscribed') });
    close();
  };
  const pay = () => {
    if (!plan) return;
    payment.start();
    if (payment.newCard) payment.inWindow.mutate({ kind: 'subscription', planId: plan.id }, { onSuccess: done });
    else if (payment.cardId !== null) subscribe.mutate({ planId: plan.id, body: { payment_method_id: payment.cardId } }, { onSuccess: done });
  };
  return (
    <Modal opened={plan !== null} onClose={close} title={plan ? t('plans.subscribeTitle', { plan: localizedName(plan, lng) }) : ''} centered closeButtonProps={{ 'aria-label': t('actions.close') }} data-testid="subscribe-modal">
      <Stack>
        <Text size="sm">{plan ? t('plans.subscribeSummary', { price, credit: formatCredits(plan.credit, lng) }) : ''}</Text>
        <PaymentChoice choice={payment.choice} />
        <PaymentError error={payment.error} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            {t('actions.close')}
          </Button>
          <Button onClick={pay} loading={payment.busy} disabled={payment.choice.value === null}>
            {t('plans.pay', { price })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function PaymentMethods() {
  const { t } = useTranslation('billing');
  const methods = usePaymentMethods();
  const remove = useDeletePaymentMethod();
  const items = methods.data?.items ?? [];
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('cards.title')}</Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('cards.none')}
        </Text>
      ) : (
        items.map((c) => (
          <Group key={c.id} justify="space-between" wrap="nowrap">
            <Text size="sm">
              {c.card_name} <Text span ff="monospace">{c.card_number}</Text>
            </Text>
            <ActionIcon variant="subtle" color="red" aria-label={t('cards.delete')} loading={remove.isPending} onClick={() => remove.mutate(c.id)}>
              ×
            </ActionIcon>
          </Group>
        ))
      )}
      {remove.error && (
        <Text c="red.9" size="sm" role="alert">
          {errorMessage(t, remove.error)}
        </Text>
      )}
    </Stack>
  );
}

/** The member's plan & credits (settings page): membership with cancel/resume, plans, saved cards, credit purchases and history. */
export function BillingSection() {
  const { t } = useTranslation('billing');
  const plans = usePlans();
  const membership = useMembership();
  const methods = usePaymentMethods();
  const [buying, setBuying] = useState(false);
  const [paying, setPaying] = useState<Plan | null>(null);
  const failed = plans.error ?? membership.error;
  const noCard = methods.data !== undefined && methods.data.items.length === 0;
  const manual = plans.data?.provider === 'manual';
  return (
    <Stack gap="lg" data-testid="billing-section">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="billing-title">
        <Group justify="space-between" mb="md" align="flex-start">
          <div>
            <Title order={3} size="h4" id="billing-title">
              {t('title')}
            </Title>
            <Text size="sm" c="dimmed">
              {manual ? t('descriptionRequests') : t('description')}
            </Text>
          </div>
          <Button variant="filled" onClick={() => setBuying(true)} data-testid="billing-buy">
            {manual ? t('purchase.openRequest') : t('purchase.open')}
          </Button>
        </Group>
        {failed ? (
          <Text c="red.9">{errorMessage(t, failed)}</Text>
        ) : !plans.data || membership.data === undefined ? (
          <Stack>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} height={36} />
            ))}
          </Stack>
        ) : (
          <Stack gap="lg">
            {manual && (
              <Alert variant="light" color="indigo" icon={<IconInfoCircle size={18} />} data-testid="billing-no-provider">
                {t('requests.notice')}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <MembershipCard membership={membership.data} />
              {manual ? <BillingRequests /> : <PaymentMethods />}
            </SimpleGrid>
            {plans.data.items.length === 0 ? (
              <Text c="dimmed">{t('plans.none')}</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {plans.data.items.map((p) => (
                  <PlanCard key={p.id} plan={p} membership={membership.data} provider={plans.data.provider} onPay={setPaying} />
                ))}
              </SimpleGrid>
            )}
            {plans.data.provider === 'payple' && !plans.data.payment_window && !membership.data && noCard && (
              <Text size="sm" c="dimmed">
                {t('plans.cardFirst')}
              </Text>
            )}
          </Stack>
        )}
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="credit-history-title">
        <Title order={3} size="h4" id="credit-history-title" mb="md">
          {t('history.title')}
        </Title>
        <CreditHistory />
      </Paper>
      <CreditPurchaseModal opened={buying} onClose={() => setBuying(false)} />
      <SubscribeModal plan={paying} paymentWindow={plans.data?.payment_window ?? false} onClose={() => setPaying(null)} />
    </Stack>
  );
}
