import type { AuditEntry } from '@app/contracts/audit-log';
import { ActionIcon, Box, Code, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compactValue, fieldChanges, fullValues, isEmptyValue, isTargetType } from '../lib/changes';

const OPERATION_COLOR = { insert: 'teal', update: 'blue', delete: 'red' } as const;
/** Fields listed in a row before "and N more" (the details show them all). */
const ROW_FIELDS = 4;

function Value({ v }: { v: unknown }) {
  const { t } = useTranslation('audit-log');
  if (isEmptyValue(v)) {
    return (
      <Text span size="sm" c="dimmed" fs="italic">
        {t('emptyValue')}
      </Text>
    );
  }
  return (
    <Text span size="sm" title={typeof v === 'string' ? v : JSON.stringify(v)} style={{ overflowWrap: 'anywhere' }}>
      {compactValue(v)}
    </Text>
  );
}

/** The row's "field: before → after" list (an insert's new values, a delete's old ones). */
function ChangeList({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit-log');
  const changes = fieldChanges(entry);
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('noFields')}
      </Text>
    );
  }
  const shown = changes.slice(0, ROW_FIELDS);
  return (
    <Stack gap={2} data-testid={`audit-changes-${entry.id}`}>
      {shown.map((c) => (
        <Text key={c.field} size="sm" data-testid="audit-change">
          <Code>{c.field}</Code>{' '}
          {entry.operation === 'update' ? (
            <>
              <Value v={c.before} /> <span aria-label={t('changedTo')}>→</span> <Value v={c.after} />
            </>
          ) : (
            <Value v={entry.operation === 'insert' ? c.after : c.before} />
          )}
        </Text>
      ))}
      {changes.length > shown.length ? (
        <Text size="xs" c="dimmed">
          {t('moreFields', { count: changes.length - shown.length })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The entry in full: the route it came through and every recorded value before and after. */
function Details({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit-log');
  const block = (label: string, values: Record<string, unknown> | null, testId: string) => (
    <Stack gap={4} miw={0}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      {values ? (
        <Code block data-testid={testId} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {fullValues(values)}
        </Code>
      ) : (
        <Text size="sm" c="dimmed" fs="italic">
          {t('emptyValue')}
        </Text>
      )}
    </Stack>
  );
  return (
    <Stack gap="sm" py="xs">
      <Text size="sm">
        {t('details.route')} <Code>{entry.action}</Code>
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {block(t('details.before'), entry.before, `audit-before-${entry.id}`)}
        {block(t('details.after'), entry.after, `audit-after-${entry.id}`)}
      </SimpleGrid>
    </Stack>
  );
}

/** The log's table, newest first: when, who, what, the change; a row opens to the full before and after. Read only. */
export function AuditLogTable({ items }: { items: AuditEntry[] }) {
  const { t, i18n } = useTranslation('audit-log');
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const typeLabel = (type: string) => (isTargetType(type) ? t(`types.${type}`) : type);

  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" data-testid="audit-log-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <span className="visually-hidden">{t('columns.details')}</span>
            </Table.Th>
            <Table.Th w={170}>{t('columns.when')}</Table.Th>
            <Table.Th w={210}>{t('columns.who')}</Table.Th>
            <Table.Th w={200}>{t('columns.what')}</Table.Th>
            <Table.Th>{t('columns.change')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((e) => {
            const expanded = open.has(e.id);
            const what = t(`what.${e.operation}`, { type: typeLabel(e.target_type) });
            return (
              <Fragment key={e.id}>
                <Table.Tr data-testid={`audit-row-${e.id}`} style={{ verticalAlign: 'top' }}>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-expanded={expanded}
                      aria-controls={`audit-details-${e.id}`}
                      aria-label={t(expanded ? 'details.hide' : 'details.show', { what })}
                      onClick={() => toggle(e.id)}
                      data-testid={`audit-toggle-${e.id}`}
                    >
                      {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" data-testid="audit-when">
                      {when(e.created_at)}
                    </Text>
                  </Table.Td>
                  <Table.Td data-testid="audit-who">
                    {e.actor ? (
                      <>
                        <Text size="sm" fw={500}>
                          {e.actor.name}
                        </Text>
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {e.actor.email}
                        </Text>
                      </>
                    ) : (
                      <Text size="sm" c="dimmed" fs="italic">
                        {t('deletedMember')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap" align="flex-start">
                      <Box w={8} h={8} mt={7} style={{ flexShrink: 0, borderRadius: '50%', background: `var(--mantine-color-${OPERATION_COLOR[e.operation]}-6)` }} />
                      <div>
                        <Text size="sm" fw={500} data-testid="audit-what">
                          {what}
                        </Text>
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {t('targetId', { id: e.target_id })}
                        </Text>
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <ChangeList entry={e} />
                  </Table.Td>
                </Table.Tr>
                {expanded ? (
                  <Table.Tr id={`audit-details-${e.id}`} data-testid={`audit-details-${e.id}`}>
                    <Table.Td />
                    <Table.Td colSpan={4}>
                      <Details entry={e} />
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
