import { Alert, Button, Center, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledPagination } from '../../../components/labelled-pagination';
import { errorMessage } from '../../../lib/status-messages';
import { useActors } from '../api/list-actors';
import { useAuditLog } from '../api/list-audit-log';
import { dayOrUndefined } from '../lib/changes';

const BROWSER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
import { AuditLogFilters, hasFilters, NO_FILTERS, type AuditLogFilterValues } from './audit-log-filters';
import { AuditLogCards, AuditLogTable } from './audit-log-table';

/**
 * Console "Audit log" (issue 26 §5): every change an administrator made, written by the server
 * in the same transaction as the change; newest first, filtered by kind, operation, admin and
 * days. Read only: nothing here edits or deletes an entry.
 */
export function AuditLogPage() {
  const { t } = useTranslation('audit-log');
  const [filters, setFilters] = useState<AuditLogFilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const actors = useActors();
  // Below Mantine's sm breakpoint the entries are blocks, not a table to scroll sideways.
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const from = dayOrUndefined(filters.from);
  const to = dayOrUndefined(filters.to);
  const badRange = !!from && !!to && from > to;
  const list = useAuditLog(
    {
      page,
      target_type: filters.targetType || undefined,
      operation: filters.operation || undefined,
      actor_id: filters.actorId ? Number(filters.actorId) : undefined,
      from,
      to,
      // The days are the reader's own.
      tz: from || to ? BROWSER_TIME_ZONE : undefined,
    },
    !badRange,
  );

  const items = list.data?.items ?? [];
  const pages = list.data?.pagination.total_pages ?? 1;
  const filtered = hasFilters(filters);
  const change = (v: AuditLogFilterValues) => {
    setFilters(v);
    setPage(1);
  };

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} maw={1200} data-testid="audit-log-page">
      <div>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('description')}</Text>
      </div>
      <Paper withBorder radius="md">
        <Stack gap="sm" px="md" py="sm">
          <Group gap="sm" wrap="wrap" align="flex-start">
            <AuditLogFilters value={filters} actors={actors.data?.items ?? []} onChange={change} />
          </Group>
          <Group justify="space-between" gap="sm">
            <Text fw={600} data-testid="audit-total">
              {t('total', { count: list.data?.pagination.total_items ?? 0 })}
            </Text>
            {filtered ? (
              <Button size="xs" variant="subtle" onClick={() => change(NO_FILTERS)} data-testid="audit-clear-filters-top">
                {t('clearFilters')}
              </Button>
            ) : null}
          </Group>
        </Stack>
        {list.isError && !list.data ? (
          <Alert color="red" title={t('loadFailed')} m="md" data-testid="audit-load-error">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{errorMessage(t, list.error)}</Text>
              <Button variant="default" size="xs" loading={list.isFetching} onClick={() => void list.refetch()} data-testid="audit-retry">
                {t('retry')}
              </Button>
            </Stack>
          </Alert>
        ) : list.isPending && !badRange ? (
          <Stack p="md" data-testid="audit-loading">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} height={44} />
            ))}
          </Stack>
        ) : badRange || items.length === 0 ? (
          <Center py={48}>
            <Stack align="center" gap={6} data-testid="audit-empty">
              <IconHistory size={32} color="var(--mantine-color-gray-5)" />
              <Text c="dimmed" ta="center">
                {badRange ? t('filters.badRange') : filtered ? t('noMatch') : t('empty')}
              </Text>
              {filtered ? (
                <Button size="xs" variant="subtle" onClick={() => change(NO_FILTERS)} data-testid="audit-clear-filters">
                  {t('clearFilters')}
                </Button>
              ) : null}
            </Stack>
          </Center>
        ) : (
          narrow ? (
          <AuditLogCards items={items} names={list.data?.names ?? {}} />
        ) : (
          <AuditLogTable items={items} names={list.data?.names ?? {}} />
        )
        )}
        {pages > 1 ? (
          <Group justify="center" py="sm">
            <LabelledPagination total={pages} value={page} onChange={setPage} siblings={1} data-testid="audit-pagination" />
          </Group>
        ) : null}
      </Paper>
    </Stack>
  );
}
