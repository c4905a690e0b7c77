import type { BillingRequest, BillingRequestStatus } from '@app/contracts/billing';
import { Badge, Button, Center, Group, Pagination, Paper, SegmentedControl, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconInbox, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonModal } from '../../../components/reason-modal';
import { formatCredits, formatPrice } from '../../../lib/format';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useAuth } from '../../../lib/use-auth';
import { useAdminBillingRequests, useProcessBillingRequest } from '../api/billing-requests';

const STATUSES: BillingRequestStatus[] = ['requested', 'approved', 'rejected', 'withdrawn'];
const STATUS_COLOR: Record<BillingRequestStatus, string> = { requested: 'indigo', approved: 'teal', rejected: 'red', withdrawn: 'gray' };
/** A request someone else decided meanwhile. */
const processErrors = { 409: 'admin-credits:requests.alreadyDecided' };

/** Rejecting needs a reason (as for member requests, spec §5); it is mailed to the member. */
function RejectModal({ request, item, loading, onReject, onClose }: { request: BillingRequest; item: string; loading: boolean; onReject: (reason: string) => void; onClose: () => void }) {
  const { t } = useTranslation('admin-credits');
  const texts = {
    title: t('requests.rejectTitle'),
    body: t('requests.rejectBody', { name: request.member.name, item }),
    reason: t('requests.reason'),
    required: t('requests.rejectRequired'),
    cancel: t('requests.cancel'),
    confirm: t('requests.reject'),
  };
  return <ReasonModal texts={texts} testId="billing-reject" loading={loading} onConfirm={onReject} onClose={onClose} />;
}

/**
 * Console "Credits › Purchase requests" (decision 048): without a payment provider, members ask
 * for plans and credits; an administrator approves (granted at once, invoiced by the organisation)
 * or rejects with a reason. Open ones oldest first; decided ones under their status.
 */
export function BillingRequestsTab() {
  const { t, i18n } = useTranslation('admin-credits');
  const lng = i18n.language;
  const { member: me } = useAuth();
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [status, setStatus] = useState<BillingRequestStatus>('requested');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<BillingRequest | null>(null);
  const list = useAdminBillingRequests(status, page);
  const process = useProcessBillingRequest();
  const items = list.data?.items ?? [];
  const pages = list.data?.pagination.total_pages ?? 1;
  const item = (r: BillingRequest) => (r.plan ? t('requests.plan', { plan: localizedName(r.plan, lng) }) : t('requests.credits', { credit: formatCredits(r.credit ?? 0, lng) }));
  const date = (iso: string) => new Date(iso).toLocaleString(lng, { dateStyle: 'medium', timeStyle: 'short' });

  const approve = (r: BillingRequest) =>
    process.mutate(
      { id: r.id, body: { approve: true } },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('requests.approved', { name: r.member.name, item: item(r) }) }),
        onError: (err) => notifications.show({ color: 'red', title: t('requests.approveFailed'), message: errorMessage(t, err, processErrors) }),
      },
    );
  const reject = (reason: string) => {
    const r = rejecting;
    if (!r) return;
    process.mutate(
      { id: r.id, body: { approve: false, reason } },
      {
        onSuccess: () => {
          setRejecting(null);
          notifications.show({ color: 'green', message: t('requests.rejected', { name: r.member.name }) });
        },
        onError: (err) => notifications.show({ color: 'red', title: t('requests.rejectFailed'), message: errorMessage(t, err, processErrors) }),
      },
    );
  };

  /** What a row shows, in the table's cells on a wide screen and in a card on a phone. */
  const cells = {
    member: (r: BillingRequest) => (
      <div>
        <Text size="sm" fw={500}>
          {r.member.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {r.member.email}
        </Text>
      </div>
    ),
    item: (r: BillingRequest) => (
      <div>
        <Text size="sm">{item(r)}</Text>
        <Text size="xs" c="dimmed">
          {r.plan ? t('requests.planDetail', { credit: formatCredits(r.plan.credit, lng) }) : t('requests.creditsDetail')}
        </Text>
      </div>
    ),
    price: (r: BillingRequest) => (
      <>
        <Text size="sm">{formatPrice(r.price, r.currency, lng)}</Text>
        {r.plan ? (
          <Text size="xs" c="dimmed">
            {t('requests.perMonth')}
          </Text>
        ) : null}
      </>
    ),
    decision: (r: BillingRequest) =>
      r.status === 'requested' ? (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('requests.ownHint')} disabled={r.member.id !== me?.id} multiline w={220}>
            <Button
              size="compact-sm"
              leftSection={<IconCheck size={14} />}
              aria-label={t('requests.approveOne', { name: r.member.name })}
              onClick={() => approve(r)}
              disabled={process.isPending || r.member.id === me?.id}
              data-testid={`billing-approve-${r.id}`}
            >
              {t('requests.approve')}
            </Button>
          </Tooltip>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            leftSection={<IconX size={14} />}
            aria-label={t('requests.rejectOne', { name: r.member.name })}
            onClick={() => setRejecting(r)}
            disabled={process.isPending}
            data-testid={`billing-reject-${r.id}`}
          >
            {t('requests.reject')}
          </Button>
        </Group>
      ) : (
        <Stack gap={2}>
          <Group gap="xs" wrap="nowrap">
            <Badge color={STATUS_COLOR[r.status]} variant="dot">
              {t(`requests.status.${r.status}`)}
            </Badge>
            {r.processed_at ? (
              <Text size="xs" c="dimmed">
                {date(r.processed_at)}
              </Text>
            ) : null}
          </Group>
          {r.reason ? <Text size="xs">{t('requests.reasonText', { reason: r.reason })}</Text> : null}
        </Stack>
      ),
  };

  return (
    <Stack gap="md" data-testid="billing-requests-admin">
      <Text size="sm" c="dimmed">
        {t('requests.description')}
      </Text>
      <SegmentedControl
        value={status}
        onChange={(v) => {
          setStatus(v as BillingRequestStatus);
          setPage(1);
        }}
        data={STATUSES.map((s) => ({ value: s, label: t(`requests.status.${s}`) }))}
        aria-label={t('requests.filter')}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
        data-testid="billing-requests-status"
      />
      <Paper withBorder radius="md">
        {list.isPending ? (
          <Stack p="md">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} height={36} />
            ))}
          </Stack>
        ) : list.isError ? (
          <Text c="red.9" p="md" role="alert">
            {errorMessage(t, list.error)}
          </Text>
        ) : items.length === 0 ? (
          <Center py={40}>
            <Stack align="center" gap={4} data-testid="billing-requests-empty">
              <IconInbox size={28} color="var(--mantine-color-gray-5)" />
              <Text c="dimmed" size="sm">
                {status === 'requested' ? t('requests.empty') : t('requests.emptyOther')}
              </Text>
            </Stack>
          </Center>
        ) : narrow ? (
          // A phone: one card per request, its actions in reach without scrolling sideways.
          <Stack gap={0} data-testid="billing-requests-table">
            {items.map((r, i) => (
              <Stack key={r.id} gap={6} p="md" style={i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined} data-testid={`billing-request-row-${r.id}`}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  {cells.member(r)}
                  <div style={{ textAlign: 'right', flexShrink: 0 }}>{cells.price(r)}</div>
                </Group>
                {cells.item(r)}
                <Text size="xs" c="dimmed">
                  {t('requests.askedAt', { date: date(r.created_at) })}
                </Text>
                {cells.decision(r)}
              </Stack>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" data-testid="billing-requests-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('requests.date')}</Table.Th>
                  <Table.Th>{t('requests.member')}</Table.Th>
                  <Table.Th>{t('requests.item')}</Table.Th>
                  <Table.Th ta="right">{t('requests.price')}</Table.Th>
                  <Table.Th w={status === 'requested' ? 200 : 260}>{status === 'requested' ? '' : t('requests.decision')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((r) => (
                  <Table.Tr key={r.id} data-testid={`billing-request-row-${r.id}`}>
                    <Table.Td>
                      <Text size="sm">{date(r.created_at)}</Text>
                    </Table.Td>
                    <Table.Td>{cells.member(r)}</Table.Td>
                    <Table.Td>{cells.item(r)}</Table.Td>
                    <Table.Td ta="right">{cells.price(r)}</Table.Td>
                    <Table.Td>{cells.decision(r)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" data-testid="billing-requests-pages" /> : null}
      {rejecting ? <RejectModal request={rejecting} item={item(rejecting)} loading={process.isPending} onReject={reject} onClose={() => setRejecting(null)} /> : null}
    </Stack>
  );
}
