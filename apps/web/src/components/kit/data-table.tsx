import { Checkbox, Group, Paper, Stack, Table, Text, TextInput, UnstyledButton, useMantineTheme } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledPagination } from '../labelled-pagination';
import { ContentSkeleton, EmptyState, type EmptyStateProps, type ErrorTexts, type QueryLike, QueryError } from './query-state';

/** Spec §9: search waits 300 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;

export type RowKey = string | number;
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}

/** A column, declared once for the table and the phone's cards. */
export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Sortable: the key handed to `onSortChange` (server order), or sorted here with `sortValue`. */
  sortKey?: string;
  sortValue?: (row: T) => string | number;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /** On a phone's card: `title` heads the card, `true` shows a labelled line, `actions` sits at its foot; left out otherwise. */
  card?: 'title' | 'actions' | boolean;
}

export interface DataTableProps<T> {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => RowKey;
  rowTestId?: (row: T) => string;
  testId?: string;
  /** The table scrolls inside its frame below this width. */
  minWidth?: number;
  /** When given, its loading and error states stand in place of the rows. */
  query?: Pick<QueryLike<unknown>, 'data' | 'error' | 'isError' | 'isFetching' | 'refetch'>;
  empty?: EmptyStateProps;
  errorTexts?: ErrorTexts;
  /** The loading placeholder's test id. */
  skeletonTestId?: string;
  search?: { placeholder: string; onSearch: (text: string) => void; initial?: string; testId?: string; label?: string };
  pagination?: { page: number; totalPages: number; onChange: (page: number) => void; testId?: string };
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  selection?: {
    selected: RowKey[];
    onChange: (keys: RowKey[]) => void;
    actions: ReactNode;
    /** A row's checkbox name (e.g. naming its email) and test id; the page's checkbox name. */
    rowLabel?: (row: T) => string;
    rowTestId?: (row: T) => string;
    pageLabel?: string;
    /** The bulk bar's test id (`bulk-bar` when left out) and its count text (the kit's "N selected"). */
    testId?: string;
    summary?: string;
  };
  /** Rows as cards on a phone (below Mantine's `sm`, the shell's breakpoint). */
  cardsOnPhone?: boolean;
  /** Beside the search box (filters, a sort select, the total). */
  filters?: ReactNode;
  /** At the toolbar's far end (a New button). */
  toolbar?: ReactNode;
  verticalSpacing?: 'xs' | 'sm' | 'md';
}

function compare(a: string | number, b: string | number) {
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, columns, rowKey, rowTestId, testId, minWidth = 700, query, empty, search, pagination, selection, cardsOnPhone = true, toolbar } = props;
  const { t } = useTranslation('common');
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.0625em))`) ?? false;
  const [ownSort, setOwnSort] = useState<SortState | null>(null);
  const sort = props.sort !== undefined ? props.sort : ownSort;
  const [text, setText] = useState(search?.initial ?? '');
  const debouncedSearch = useDebouncedCallback((v: string) => search?.onSearch(v), SEARCH_DEBOUNCE_MS);

  const toggleSort = (c: Column<T>) => {
    const key = c.sortKey ?? c.key;
    const next: SortState = { key, direction: sort?.key === key && sort.direction === 'asc' ? 'desc' : 'asc' };
    setOwnSort(next);
    props.onSortChange?.(next);
  };
  const sortColumn = sort ? columns.find((c) => (c.sortKey ?? c.key) === sort.key && c.sortValue) : undefined;
  const shown = sortColumn?.sortValue && sort ? [...rows].sort((a, b) => compare(sortColumn.sortValue!(a), sortColumn.sortValue!(b)) * (sort.direction === 'asc' ? 1 : -1)) : rows;

  const keys = shown.map(rowKey);
  const selected = new Set(selection?.selected ?? []);
  const allSelected = keys.length > 0 && keys.every((k) => selected.has(k));
  const toggleRow = (k: RowKey) => selection?.onChange(selected.has(k) ? selection.selected.filter((s) => s !== k) : [...selection.selected, k]);
  const toggleAll = () => selection?.onChange(allSelected ? selection.selected.filter((s) => !keys.includes(s)) : [...new Set([...selection.selected, ...keys])]);
  const selectBox = (row: T) => (
    <Checkbox
      aria-label={selection?.rowLabel?.(row) ?? t('kit.selectRow')}
      checked={selected.has(rowKey(row))}
      onChange={() => toggleRow(rowKey(row))}
      data-testid={selection?.rowTestId?.(row) ?? (rowTestId ? `${rowTestId(row)}-select` : undefined)}
    />
  );

  const header = (c: Column<T>) => {
    if (!c.sortKey && !c.sortValue) return c.header;
    const active = sort?.key === (c.sortKey ?? c.key);
    const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
    return (
      <UnstyledButton onClick={() => toggleSort(c)} data-testid={`sort-${c.key}`}>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm" component="span">
            {c.header}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    );
  };

  const body = () => {
    if (query && query.data === undefined) {
      return query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} texts={props.errorTexts} /> : <ContentSkeleton shape={phone && cardsOnPhone ? 'cards' : 'table'} testId={props.skeletonTestId} />;
    }
    if (shown.length === 0) return <EmptyState {...empty} />;
    if (phone && cardsOnPhone) {
      return (
        <Stack p="sm" gap="sm" data-testid={testId}>
          {shown.map((row) => (
            <Paper key={rowKey(row)} withBorder radius="md" p="sm" data-testid={rowTestId?.(row)}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  {selection ? selectBox(row) : null}
                  <div>{columns.filter((c) => c.card === 'title').map((c) => <div key={c.key}>{c.cell(row)}</div>)}</div>
                </Group>
                {columns.filter((c) => c.card === 'actions').map((c) => <div key={c.key}>{c.cell(row)}</div>)}
              </Group>
              <Stack gap={4} mt="xs">
                {columns
                  .filter((c) => c.card === true)
                  .map((c) => (
                    <Group key={c.key} gap="xs" wrap="nowrap" align="flex-start">
                      <Text size="xs" c="dimmed" w={110} style={{ flexShrink: 0 }}>
                        {c.header}
                      </Text>
                      <div>{c.cell(row)}</div>
                    </Group>
                  ))}
              </Stack>
            </Paper>
          ))}
        </Stack>
      );
    }
    return (
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing={props.verticalSpacing ?? 'sm'} highlightOnHover data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {selection ? (
                <Table.Th w={40}>
                  <Checkbox aria-label={selection.pageLabel ?? t('kit.selectAll')} checked={allSelected} indeterminate={!allSelected && keys.some((k) => selected.has(k))} onChange={toggleAll} data-testid="select-all" />
                </Table.Th>
              ) : null}
              {columns.map((c) => (
                <Table.Th key={c.key} w={c.width} ta={c.align} aria-sort={sort?.key === (c.sortKey ?? c.key) ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
                  {header(c)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
                {selection ? <Table.Td>{selectBox(row)}</Table.Td> : null}
                {columns.map((c) => (
                  <Table.Td key={c.key} ta={c.align}>
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  };

  return (
    <>
      {search || props.filters || toolbar ? (
        <Group px="md" py="sm" justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            {search ? (
              <TextInput
                aria-label={search.label ?? search.placeholder}
                placeholder={search.placeholder}
                leftSection={<IconSearch size={16} />}
                value={text}
                onChange={(e) => {
                  setText(e.currentTarget.value);
                  debouncedSearch(e.currentTarget.value);
                }}
                w={{ base: '100%', xs: 240 }}
                data-testid={search.testId}
              />
            ) : null}
            {props.filters}
          </Group>
          {toolbar}
        </Group>
      ) : null}
      {selection && selection.selected.length > 0 ? (
        <Group px="md" py="xs" gap="sm" bg="var(--mantine-color-blue-light)" data-testid={selection.testId ?? 'bulk-bar'}>
          <Text size="sm" fw={600}>
            {selection.summary ?? t('kit.selected', { count: selection.selected.length })}
          </Text>
          {selection.actions}
        </Group>
      ) : null}
      {body()}
      {pagination && pagination.totalPages > 1 ? (
        <Group justify="center" py="sm">
          <LabelledPagination total={pagination.totalPages} value={pagination.page} onChange={pagination.onChange} data-testid={pagination.testId} />
        </Group>
      ) : null}
    </>
  );
}
