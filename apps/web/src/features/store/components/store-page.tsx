import { Button, Card, Center, Chip, Group, Loader, ScrollArea, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingStore, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { SEARCH_DEBOUNCE_MS, useMinimumDuration } from '../../../lib/use-minimum-duration';
import { useCategories } from '../../../entities/categories';
import { useStoreChatbots } from '../api/list-store-chatbots';
import { STORE_ORDERS, type StoreOrder } from '../lib/store-query';
import { StoreCard } from './store-card';

const ALL = 'all';
const GRID = { base: 1, xs: 2, lg: 3, xl: 4 } as const;

/** The store (spec §2, §9): public chatbots by category, searched (300 ms debounce) and ordered; a card opens a new chat. */
export function StorePage() {
  const { t, i18n } = useTranslation('store');
  const [category, setCategory] = useState<string>(ALL);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [order, setOrder] = useState<StoreOrder>('popular');
  const categories = useCategories();
  const list = useStoreChatbots({ categoryId: category === ALL ? null : Number(category), search: debounced, order });
  const loadingMore = useMinimumDuration(list.isFetchingNextPage);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.pagination.total_items ?? 0;
  const filtered = debounced.trim() !== '' || category !== ALL;

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} maw={1400} data-testid="store-page">
      <div>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('description')}</Text>
      </div>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <TextInput
          aria-label={t('search')}
          placeholder={t('search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={100}
          w={{ base: '100%', xs: 320 }}
          data-testid="store-search"
        />
        <SegmentedControl
          aria-label={t('order.label')}
          value={order}
          onChange={(v) => setOrder(v as StoreOrder)}
          data={STORE_ORDERS.map((o) => ({ value: o, label: t(`order.${o}`) }))}
          data-testid="store-order"
        />
      </Group>
      <ScrollArea type="hover" offsetScrollbars="x" scrollbars="x">
        {categories.isPending ? (
          <Group gap="xs" wrap="nowrap">
            {Array.from({ length: 7 }, (_, i) => (
              <Skeleton key={i} height={30} width={90} radius="xl" />
            ))}
          </Group>
        ) : (
          <Chip.Group multiple={false} value={category} onChange={(v) => setCategory(v)}>
            <Group gap="xs" wrap="nowrap" role="radiogroup" aria-label={t('categories')} data-testid="store-categories">
              <Chip value={ALL} variant="light" data-testid="store-category-all">
                {t('all')}
              </Chip>
              {(categories.data?.items ?? []).map((c) => (
                <Chip key={c.id} value={String(c.id)} variant="light" data-testid={`store-category-${c.id}`}>
                  {localizedName(c, i18n.language)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        )}
      </ScrollArea>
      {list.isPending ? (
        <SimpleGrid cols={GRID} spacing="md" data-testid="store-loading">
          {Array.from({ length: 8 }, (_, i) => (
            <Card key={i} withBorder radius="md" padding="md">
              <Group gap="sm" wrap="nowrap">
                <Skeleton height={56} width={56} radius="md" />
                <Stack gap={6} flex={1}>
                  <Skeleton height={14} width="70%" />
                  <Skeleton height={12} width="40%" />
                </Stack>
              </Group>
              <Skeleton height={12} mt="md" />
              <Skeleton height={12} mt={6} width="80%" />
              <Skeleton height={10} mt="md" width="50%" />
            </Card>
          ))}
        </SimpleGrid>
      ) : list.isError ? (
        <Center py={64}>
          <Stack align="center" gap="xs" data-testid="store-error">
            <Text c="red">{errorMessage(t, list.error)}</Text>
            <Button variant="default" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Center>
      ) : items.length === 0 ? (
        <Center py={64}>
          <Stack align="center" gap={6} maw={420} ta="center" data-testid="store-empty">
            <IconBuildingStore size={40} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text fw={600}>{filtered ? t('empty.noMatch') : t('empty.none')}</Text>
            <Text size="sm" c="dimmed">
              {filtered ? t('empty.noMatchHint') : t('empty.noneHint')}
            </Text>
            {filtered ? (
              <Button
                variant="default"
                mt="xs"
                onClick={() => {
                  setSearch('');
                  setCategory(ALL);
                }}
                data-testid="store-clear"
              >
                {t('empty.clear')}
              </Button>
            ) : (
              <Button component={Link} to="/dashboard/studio" variant="light" mt="xs">
                {t('empty.toStudio')}
              </Button>
            )}
          </Stack>
        </Center>
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="store-total" aria-live="polite">
            {t('total', { count: total })}
          </Text>
          <SimpleGrid cols={GRID} spacing="md" data-testid="store-grid" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isPlaceholderData}>
            {items.map((bot) => (
              <StoreCard key={bot.id} bot={bot} />
            ))}
          </SimpleGrid>
          {list.hasNextPage || loadingMore ? (
            <Group justify="center">
              <Button variant="default" onClick={() => void list.fetchNextPage()} disabled={loadingMore} leftSection={loadingMore ? <Loader size="xs" /> : null} data-testid="store-more">
                {t('more')}
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
