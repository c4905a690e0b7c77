import { Alert, Button, Center, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconInbox, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/status-messages';

/** What is loading, so that the placeholder has the content's shape (spec §2: skeletons while loading). */
export type SkeletonShape = 'table' | 'cards' | 'form';

export function ContentSkeleton({ shape, rows = 4, testId }: { shape: SkeletonShape; rows?: number; testId?: string }) {
  const items = Array.from({ length: rows }, (_, i) => i);
  if (shape === 'cards') {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} p="md" data-testid={testId ?? 'kit-skeleton-cards'}>
        {items.map((i) => (
          <Paper key={i} withBorder radius="md" p="md">
            <Skeleton height={18} width="60%" mb="sm" />
            <Skeleton height={12} mb={6} />
            <Skeleton height={12} width="80%" />
          </Paper>
        ))}
      </SimpleGrid>
    );
  }
  if (shape === 'form') {
    return (
      <Stack p="md" gap="md" data-testid={testId ?? 'kit-skeleton-form'}>
        {items.map((i) => (
          <Stack key={i} gap={6}>
            <Skeleton height={12} width="30%" />
            <Skeleton height={34} />
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <Stack p="md" gap="sm" data-testid={testId ?? 'kit-skeleton-table'}>
      <Skeleton height={20} width="50%" />
      {items.map((i) => (
        <Skeleton key={i} height={36} />
      ))}
    </Stack>
  );
}

export interface EmptyStateProps {
  icon?: ReactNode;
  title?: string;
  text?: string;
  action?: ReactNode;
  testId?: string;
}

export function EmptyState({ icon, title, text, action, testId }: EmptyStateProps) {
  return (
    <Center py={48} px="md">
      <Stack align="center" gap={title ? 6 : 4} maw={420} ta="center" data-testid={testId ?? 'kit-empty'}>
        {icon ?? <IconInbox size={32} color="var(--mantine-color-gray-5)" aria-hidden />}
        {title ? <Text fw={500}>{title}</Text> : null}
        {text ? (
          <Text c="dimmed" size={title ? 'sm' : undefined}>
            {text}
          </Text>
        ) : null}
        {action ? <Group mt="xs">{action}</Group> : null}
      </Stack>
    </Center>
  );
}

/** A page's own words for a failed read, where it has them. */
export interface ErrorTexts {
  title?: string;
  retry?: string;
  testId?: string;
}

/** A failed read: the §8 text for what failed, and a way to ask again. */
export function QueryError({ error, onRetry, retrying, texts }: { error: unknown; onRetry: () => void; retrying?: boolean; texts?: ErrorTexts }) {
  const { t } = useTranslation('common');
  return (
    <Alert m="md" color="red" variant="light" icon={<IconAlertCircle size={16} />} title={texts?.title ?? t('kit.loadFailed')} data-testid={texts?.testId ?? 'kit-error'}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(t, error)}</Text>
        <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} loading={retrying} onClick={onRetry} data-testid="kit-retry">
          {texts?.retry ?? t('kit.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** The parts of a TanStack query result that the states need. */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching?: boolean;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  skeleton?: SkeletonShape;
  skeletonRows?: number;
  /** When the data counts as nothing to show (e.g. `(d) => d.items.length === 0`). */
  isEmpty?: (data: T) => boolean;
  empty?: EmptyStateProps;
  errorTexts?: ErrorTexts;
  children: (data: T) => ReactNode;
}

/**
 * A read's four states in one place: a skeleton shaped like the content while it loads, the
 * error with Retry, the empty state, else the content with its data.
 */
export function QueryState<T>({ query, skeleton = 'table', skeletonRows, isEmpty, empty, errorTexts, children }: QueryStateProps<T>) {
  if (query.data === undefined) {
    if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} texts={errorTexts} />;
    return <ContentSkeleton shape={skeleton} rows={skeletonRows} />;
  }
  if (isEmpty?.(query.data)) return <EmptyState {...empty} />;
  return <>{children(query.data)}</>;
}
