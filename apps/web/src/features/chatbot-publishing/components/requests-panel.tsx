import type { BulkProcessPublishResult, PublishRequest } from '@app/contracts/chatbot-publishing';
import { Alert, Anchor, Badge, Button, Center, Checkbox, Group, NativeSelect, Pagination, Paper, Skeleton, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconInbox, IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-minimum-duration';
import { useBulkProcessPublishRequests } from '../api/bulk-process-publish-requests';
import { usePublishRequests } from '../api/list-publish-requests';
import { bulkErrors, listErrors } from '../lib/errors';
import { isFiltered, NO_FILTERS, type PublishFilters, selectable, STATUS_FILTERS, type StatusFilter } from '../lib/filters';
import { RejectModal } from './reject-modal';
import { RequestDrawer } from './request-drawer';
import { RequestImage } from './request-image';
import { StatusBadge } from './status-badge';

interface Outcome {
  approve: boolean;
  processed: number;
  failed: Array<{ chatbot_id: number; code: string; name: string }>;
}

/** How a bulk decision went: how many were decided, and why each of the others was not. */
function OutcomeAlert({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const { t } = useTranslation('chatbot-publishing');
  return (
    <Alert
      color={outcome.failed.length ? 'orange' : 'teal'}
      title={t(outcome.approve ? 'bulk.approvedCount' : 'bulk.rejectedCount', { count: outcome.processed })}
      withCloseButton
      closeButtonLabel={t('common:close')}
      onClose={onClose}
      data-testid="publish-bulk-results"
    >
      {outcome.failed.length ? (
        <Stack gap={4}>
          <Text size="sm">{t('bulk.failedCount', { count: outcome.failed.length })}</Text>
          {outcome.failed.map((f) => (
            <Text key={f.chatbot_id} size="sm" data-testid={`publish-bulk-failed-${f.chatbot_id}`}>
              {f.name} — {t(`bulk.codes.${f.code}`, { defaultValue: t('bulk.codes.unknown') })}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Alert>
  );
}

/** Search, status and the two switches, with the total that matches. */
function RequestsFilters({ filters, total, onChange: change }: { filters: PublishFilters; total: number; onChange: (patch: Partial<PublishFilters>) => void }) {
  const { t } = useTranslation('chatbot-publishing');
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="sm" wrap="wrap">
        <TextInput
          aria-label={t('search')}
          placeholder={t('search')}
          leftSection={<IconSearch size={16} />}
          value={filters.search}
          onChange={(e) => change({ search: e.currentTarget.value })}
          maxLength={100}
          w={{ base: '100%', xs: 260 }}
          data-testid="publish-search"
        />
        <NativeSelect
          aria-label={t('filters.status')}
          value={filters.status}
          onChange={(e) => change({ status: e.currentTarget.value as StatusFilter })}
          data={STATUS_FILTERS.map((s) => ({ value: s, label: t(`filters.statuses.${s}`) }))}
          data-testid="publish-status"
        />
        <Switch label={t('filters.hidePending')} checked={filters.hidePending} disabled={filters.status !== 'all'} onChange={(e) => change({ hidePending: e.currentTarget.checked })} data-testid="publish-hide-pending" />
        <Switch label={t('filters.approvedOnly')} checked={filters.approvedOnly} onChange={(e) => change({ approvedOnly: e.currentTarget.checked })} data-testid="publish-approved-only" />
      </Group>
      <Text fw={600} data-testid="publish-total">
        {t('total', { count: total })}
      </Text>
    </Group>
  );
}

/** One page of requests; only pending ones can be selected, a row opens its review. */
function RequestsTable({ items, chosen, pendingIds, dimmed, onSelect, onOpen }: { items: PublishRequest[]; chosen: number[]; pendingIds: number[]; dimmed: boolean; onSelect: (update: (s: number[]) => number[]) => void; onOpen: (r: PublishRequest) => void }) {
  const { t, i18n } = useTranslation('chatbot-publishing');
  const nameOf = (r: PublishRequest) => localizedName(r.snapshot, i18n.language);
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const allOnPage = pendingIds.length > 0 && pendingIds.every((id) => chosen.includes(id));
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="publish-table" style={{ opacity: dimmed ? 0.6 : 1 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('selectPage')}
                checked={allOnPage}
                indeterminate={chosen.length > 0 && !allOnPage}
                disabled={pendingIds.length === 0}
                onChange={() => onSelect(() => (allOnPage ? [] : pendingIds))}
                data-testid="publish-select-page"
              />
            </Table.Th>
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th w={110}>{t('columns.type')}</Table.Th>
            <Table.Th w={120}>{t('columns.status')}</Table.Th>
            <Table.Th w={200}>{t('columns.author')}</Table.Th>
            <Table.Th w={110} ta="right">
              {t('columns.monthMessages')}
            </Table.Th>
            <Table.Th w={170}>{t('columns.requestedAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((r) => {
            const name = nameOf(r);
            const pending = r.status === 'pending';
            return (
              <Table.Tr key={r.id} data-testid={`publish-row-${r.chatbot_id}`} onClick={() => onOpen(r)} style={{ cursor: 'pointer' }}>
                <Table.Td onClick={(e) => e.stopPropagation()}>
                  <Checkbox
                    aria-label={t('select', { name })}
                    checked={chosen.includes(r.chatbot_id)}
                    disabled={!pending}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      onSelect((s) => (on ? [...s, r.chatbot_id] : s.filter((id) => id !== r.chatbot_id)));
                    }}
                    data-testid={`publish-select-${r.chatbot_id}`}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <RequestImage src={r.snapshot.profile_image_url} name={name} size={32} />
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      fw={500}
                      ta="left"
                      onClick={(e) => {
                        e.stopPropagation();
                        onOpen(r);
                      }}
                      aria-label={t('open', { name })}
                      data-testid={`publish-open-${r.chatbot_id}`}
                    >
                      {name}
                    </Anchor>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Badge variant="outline" color={r.request_type === 'update' ? 'grape' : 'indigo'} tt="none">
                    {t(`type.${r.request_type}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={r.status} testId={`publish-status-${r.chatbot_id}`} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {r.author?.email ?? t('deletedAuthor')}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{r.month_message_count.toLocaleString(i18n.language)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{date(r.created_at)}</Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The requests tab: filters, search, the table with selection and bulk decisions; a row opens the review drawer. */
export function RequestsPanel() {
  const { t, i18n } = useTranslation('chatbot-publishing');
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<PublishFilters>(NO_FILTERS);
  const [debounced] = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<number[]>([]);
  const [opened, setOpened] = useState<PublishRequest | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const list = usePublishRequests({ ...filters, search: debounced }, page);
  const bulk = useBulkProcessPublishRequests();

  const items = list.data?.items ?? [];
  const pages = list.data?.pagination.total_pages ?? 1;
  const total = list.data?.pagination.total_items ?? 0;
  const nameOf = (r: PublishRequest) => localizedName(r.snapshot, i18n.language);

  useEffect(() => {
    if (list.isError) notifications.show({ id: 'publish-load', color: 'red', title: t('toast.loadFailed'), message: errorMessage(t, list.error, listErrors) });
  }, [list.isError, list.error, t]);

  // A page emptied by decisions made under a filter: go back one.
  useEffect(() => {
    if (list.data && list.data.items.length === 0 && page > 1) setPage(page - 1);
  }, [list.data, page]);

  const change = (patch: Partial<PublishFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  const pendingIds = selectable(items);
  const chosen = selected.filter((id) => pendingIds.includes(id));

  const decide = (approve: boolean, reason?: string) => {
    const names = new Map(items.map((r) => [r.chatbot_id, nameOf(r)]));
    bulk.mutate(
      { chatbot_ids: chosen, approve, reason: reason || undefined },
      {
        onSuccess: (res: BulkProcessPublishResult) => {
          setOutcome({ approve, processed: res.processed.length, failed: res.failed.map((f) => ({ ...f, name: names.get(f.chatbot_id) ?? `#${f.chatbot_id}` })) });
          setSelected([]);
          setRejecting(false);
        },
        onError: (err) => notifications.show({ color: 'red', message: errorMessage(t, err, bulkErrors) }),
      },
    );
  };

  return (
    <Stack gap="md">
      {outcome ? <OutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} /> : null}
      <Paper withBorder radius="md">
        <Stack gap="sm" px="md" py="sm">
          <RequestsFilters filters={filters} total={total} onChange={change} />
          {chosen.length > 0 ? (
            <Group gap="xs" data-testid="publish-bulk">
              <Text size="sm">{t('bulk.selected', { count: chosen.length })}</Text>
              <Button size="xs" leftSection={<IconCheck size={14} />} loading={bulk.isPending && !rejecting} disabled={bulk.isPending} onClick={() => decide(true)} data-testid="publish-bulk-approve">
                {t('bulk.approve')}
              </Button>
              <Button size="xs" color="red" variant="light" leftSection={<IconX size={14} />} disabled={bulk.isPending} onClick={() => setRejecting(true)} data-testid="publish-bulk-reject">
                {t('bulk.reject')}
              </Button>
            </Group>
          ) : null}
        </Stack>
        {list.isPending ? (
          <Stack p="md" data-testid="publish-loading">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} height={40} />
            ))}
          </Stack>
        ) : items.length === 0 ? (
          <Center py={48}>
            <Stack align="center" gap={4} data-testid="publish-empty">
              <IconInbox size={32} color="var(--mantine-color-gray-5)" aria-hidden />
              <Text c="dimmed">{isFiltered({ ...filters, search: debounced }) ? t('noMatch') : t('empty')}</Text>
            </Stack>
          </Center>
        ) : (
          <RequestsTable items={items} chosen={chosen} pendingIds={pendingIds} dimmed={list.isPlaceholderData} onSelect={setSelected} onOpen={setOpened} />
        )}
        {pages > 1 ? (
          <Group justify="center" py="sm">
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
              getItemProps={(p) => ({ 'aria-label': t('pagination.page', { page: p }) })}
              data-testid="publish-pagination"
            />
          </Group>
        ) : null}
      </Paper>
      {opened ? <RequestDrawer request={opened} onClose={() => setOpened(null)} /> : null}
      {rejecting ? <RejectModal count={chosen.length} loading={bulk.isPending} onReject={(reason) => decide(false, reason)} onClose={() => setRejecting(false)} /> : null}
    </Stack>
  );
}
