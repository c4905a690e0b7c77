import type { BillingRequest, BillingRequestStatus } from '@app/contracts/billing';
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconInbox, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/kit/data-table';
import { toast, useMutationWithToast } from '../../../components/kit/use-mutation-with-toast';
import { ReasonModal } from '../../../components/reason-modal';
import { formatCredits, formatPrice } from '../../../lib/format';
import { localizedName } from '../../../lib/localized-name';
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

/** A request's columns; on a phone the member heads its card and the decision sits below. */
function useRequestColumns({ status, item, pending, onApprove, onReject }: { status: BillingRequestStatus; item: (r: BillingRequest) => string; pending: boolean; onApprove: (r: BillingRequest) => void; onReject: (r: BillingRequest) => void }): Column<BillingRequest>[] {
  const { t, i18n } = useTranslation('admin-credits');
  const lng = i18n.language;
  const { member: me } = useAuth();
  const date = (iso: string) => new Date(iso).toLocaleString(lng, { dateStyle: 'medium', timeStyle: 'short' });
  return [
    { key: 'date', header: t('requests.date'), card: true, cell: (r) => <Text size="sm">{date(r.created_at)}</Text> },
    {
      key: 'member',
      header: t('requests.member'),
      card: 'title',
      cell: (r) => (
        <div>
          <Text size="sm" fw={500}>
            {r.member.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {r.member.email}
          </Text>
        </div>
      ),
    },
    {
      key: 'item',
      header: t('requests.item'),
      card: true,
      cell: (r) => (
        <div>
          <Text size="sm">{item(r)}</Text>
          <Text size="xs" c="dimmed">
            {r.plan ? t('requests.planDetail', { credit: formatCredits(r.plan.credit, lng) }) : t('requests.creditsDetail')}
          </Text>
        </div>
      ),
    },
    {
      key: 'price',
      header: t('requests.price'),
      align: 'right',
      card: true,
      cell: (r) => (
        <>
          <Text size="sm">{formatPrice(r.price, r.currency, lng)}</Text>
          {r.plan ? (
            <Text size="xs" c="dimmed">
              {t('requests.perMonth')}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'decision',
      header: status === 'requested' ? '' : t('requests.decision'),
      width: status === 'requested' ? 200 : 260,
      card: true,
      cell: (r) =>
        r.status === 'requested' ? (
          // Wraps rather than overflow a phone's card.
          <Group gap={4} wrap="wrap">
            <Tooltip label={t('requests.ownHint')} disabled={r.member.id !== me?.id} multiline w={220}>
              <Button
                size="compact-sm"
                leftSection={<IconCheck size={14} />}
                aria-label={t('requests.approveOne', { name: r.member.name })}
                onClick={() => onApprove(r)}
                disabled={pending || r.member.id === me?.id}
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
              onClick={() => onReject(r)}
              disabled={pending}
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
    },
  ];
}

/**
 * Console "Credits › Purchase requests" (decision 048): without a payment provider, members ask
 * for plans and credits; an administrator approves (granted at once, invoiced by the organisation)
 * or rejects with a reason. Open ones oldest first; decided ones under their status.
 */
export function BillingRequestsTab() {
  const { t, i18n } = useTranslation('admin-credits');
  const lng = i18n.language;
  const [status, setStatus] = useState<BillingRequestStatus>('requested');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<BillingRequest | null>(null);
  const list = useAdminBillingRequests(status, page);
  const process = useProcessBillingRequest();
  const item = (r: BillingRequest) => (r.plan ? t('requests.plan', { plan: localizedName(r.plan, lng) }) : t('requests.credits', { credit: formatCredits(r.credit ?? 0, lng) }));
  const approve = useMutationWithToast(process, { error: t('requests.approveFailed'), overrides: processErrors });
  const rejectRun = useMutationWithToast(process, { error: t('requests.rejectFailed'), overrides: processErrors });
  const onApprove = (r: BillingRequest) => approve.run({ id: r.id, body: { approve: true } }, () => toast.success(t('requests.approved', { name: r.member.name, item: item(r) })));
  const reject = (reason: string) => {
    if (rejecting) {
      const r = rejecting;
      rejectRun.run({ id: r.id, body: { approve: false, reason } }, () => {
        setRejecting(null);
        toast.success(t('requests.rejected', { name: r.member.name }));
      });
    }
  };
  const columns = useRequestColumns({ status, item, pending: process.isPending, onApprove, onReject: setRejecting });

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
        <DataTable
          rows={list.data?.items ?? []}
          columns={columns}
          rowKey={(r) => r.id}
          rowTestId={(r) => `billing-request-row-${r.id}`}
          testId="billing-requests-table"
          minWidth={760}
          query={list}
          empty={{ icon: <IconInbox size={28} color="var(--mantine-color-gray-5)" />, text: status === 'requested' ? t('requests.empty') : t('requests.emptyOther'), testId: 'billing-requests-empty' }}
          pagination={{ page, totalPages: list.data?.pagination.total_pages ?? 1, onChange: setPage, testId: 'billing-requests-pages' }}
        />
      </Paper>
      {rejecting ? <RejectModal request={rejecting} item={item(rejecting)} loading={process.isPending} onReject={reject} onClose={() => setRejecting(null)} /> : null}
    </Stack>
  );
}
