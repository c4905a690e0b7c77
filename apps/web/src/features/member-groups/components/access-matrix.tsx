import { Box, Center, Paper, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';

/** A column of the matrix: a member group, named in both languages. */
export interface MatrixGroup {
  member_group_id: number;
  ko_name: string;
  en_name: string;
}

/** A column shown on wide screens only, between the row's name and the groups (a model's provider, costs…). */
export interface MatrixColumn<R> {
  key: string;
  header: ReactNode;
  align?: 'right';
  cell: (row: R) => ReactNode;
}

export interface AccessMatrixProps<R> {
  /** The test ids' prefix and the texts' (`models`, `tools`): `{prefix}-matrix`, `{prefix}-empty`, … */
  prefix: string;
  loading: boolean;
  rows: readonly R[];
  /** The group columns (every row lists the same groups). */
  groups: readonly MatrixGroup[];
  rowKey: (row: R) => string | number;
  rowTestId: (row: R) => string;
  /** The sticky first column: its header, and each row's name (with what a narrow screen shows of the wide columns). */
  nameHeader: string;
  nameCell: (row: R) => ReactNode;
  columns?: readonly MatrixColumn<R>[];
  /** A cell: the row's switch for the group. */
  cell: (row: R, group: MatrixGroup) => ReactNode;
  /** Named texts: the scrolling region's name, the filter's, no rows, no group matching the filter. */
  texts: { matrixLabel: string; filterGroups: string; empty: string; noGroupMatch: string };
  emptyIcon: ReactNode;
}

/** The name column stays in view while the groups scroll sideways. */
const STICKY: CSSProperties = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)', boxShadow: 'inset -1px 0 0 var(--mantine-color-default-border)' };
/** A filter box for the columns once there are more groups than fit comfortably. */
const FILTER_FROM = 6;

/**
 * What each member group may use (models, tools): rows are the things, columns the groups, each
 * cell a switch the caller draws. Loading and empty states, a group filter for many groups, and a
 * keyboard-reachable sideways scroll with the name column pinned.
 */
export function AccessMatrix<R>({ prefix, loading, rows, groups: allGroups, rowKey, rowTestId, nameHeader, nameCell, columns = [], cell, texts, emptyIcon }: AccessMatrixProps<R>) {
  const { i18n } = useTranslation();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const groups = needle ? allGroups.filter((g) => g.ko_name.toLowerCase().includes(needle) || g.en_name.toLowerCase().includes(needle)) : allGroups;
  return (
    <>
      {allGroups.length >= FILTER_FROM ? (
        <TextInput
          aria-label={texts.filterGroups}
          placeholder={texts.filterGroups}
          leftSection={<IconFilter size={16} />}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          w={{ base: '100%', xs: 280 }}
          data-testid={`${prefix}-group-filter`}
        />
      ) : null}
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {loading ? (
          <Stack p="md" data-testid={`${prefix}-loading`}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={44} />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <Center py={48}>
            <Stack align="center" gap={4} data-testid={`${prefix}-empty`}>
              {emptyIcon}
              <Text c="dimmed">{texts.empty}</Text>
            </Stack>
          </Center>
        ) : (
          // A scrolling region is reached by the keyboard too (axe: scrollable-region-focusable), and named.
          <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={texts.matrixLabel} data-testid={`${prefix}-matrix-scroll`}>
            <Table verticalSpacing="sm" style={{ width: 'max-content', minWidth: '100%' }} data-testid={`${prefix}-matrix`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th style={{ ...STICKY, zIndex: 2 }} w={{ base: 150, md: 230 }} miw={{ base: 150, md: 230 }}>
                    {nameHeader}
                  </Table.Th>
                  {columns.map((c) => (
                    <Table.Th key={c.key} visibleFrom="md" ta={c.align}>
                      {c.header}
                    </Table.Th>
                  ))}
                  {groups.map((g) => (
                    <Table.Th key={g.member_group_id} ta="center" miw={96} maw={150} data-testid={`matrix-group-${g.member_group_id}`}>
                      <Text size="sm" fw={600} lineClamp={2} title={`${g.ko_name} / ${g.en_name}`}>
                        {localizedName(g, i18n.language)}
                      </Text>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={rowKey(r)} data-testid={rowTestId(r)}>
                    <Table.Td style={STICKY}>{nameCell(r)}</Table.Td>
                    {columns.map((c) => (
                      <Table.Td key={c.key} visibleFrom="md" ta={c.align}>
                        {c.cell(r)}
                      </Table.Td>
                    ))}
                    {groups.map((g) => (
                      <Table.Td key={g.member_group_id} ta="center">
                        {cell(r, g)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {groups.length === 0 ? (
              <Text size="sm" c="dimmed" p="md" data-testid={`${prefix}-no-group-match`}>
                {texts.noGroupMatch}
              </Text>
            ) : null}
          </Box>
        )}
      </Paper>
    </>
  );
}
