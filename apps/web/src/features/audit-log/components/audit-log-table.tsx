import type { AuditEntry, AuditName } from '@app/contracts/audit-log';
import { ActionIcon, Box, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayValue, fieldChanges, fieldLabel, isEmptyValue, isTargetType, recordedFields, targetLabel, type ValueContext } from '../lib/changes';

const OPERATION_COLOR = { insert: 'teal', update: 'blue', delete: 'red' } as const;
/** Fields listed in a row before "and N more" (the details show them all). */
const ROW_FIELDS = 4;

function Value({ field, v, ctx }: { field: string; v: unknown; ctx: ValueContext }) {
  if (isEmptyValue(v)) {
    return (
      <Text span size="sm" c="dimmed" fs="italic">
        {ctx.t('emptyValue')}
      </Text>
    );
  }
  const full = displayValue(field, v, ctx, 0);
  const shown = displayValue(field, v, ctx);
  return (
    <Text span size="sm" title={full === shown ? undefined : full} style={{ overflowWrap: 'anywhere' }}>
      {shown}
    </Text>
  );
}

/** The row's "field: before → after" list (an insert's new values, a delete's old ones). */
function ChangeList({ entry, ctx }: { entry: AuditEntry; ctx: ValueContext }) {
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
          <Text span fw={600}>
            {fieldLabel(t, c.field)}
          </Text>{' '}
          {entry.operation === 'update' ? (
            <>
              <Value field={c.field} v={c.before} ctx={ctx} /> <span aria-label={t('changedTo')}>→</span> <Value field={c.field} v={c.after} ctx={ctx} />
            </>
          ) : (
            <Value field={c.field} v={entry.operation === 'insert' ? c.after : c.before} ctx={ctx} />
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

/** The entry in full: every recorded value before and after, labelled and read as the row reads them. */
function Details({ entry, ctx }: { entry: AuditEntry; ctx: ValueContext }) {
  const { t } = useTranslation('audit-log');
  const block = (label: string, values: Record<string, unknown> | null, testId: string) => (
    <Stack gap={4} miw={0}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      {values && recordedFields(values).length > 0 ? (
        <Stack gap={2} data-testid={testId}>
          {recordedFields(values).map(([field, v]) => (
            <Text key={field} size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600}>
                {fieldLabel(t, field)}
              </Text>{' '}
              {isEmptyValue(v) ? (
                <Text span size="sm" c="dimmed" fs="italic">
                  {t('emptyValue')}
                </Text>
              ) : (
                displayValue(field, v, ctx, 0)
              )}
            </Text>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" fs="italic" data-testid={testId}>
          {t('emptyValue')}
        </Text>
      )}
    </Stack>
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" py="xs">
      {block(t('details.before'), entry.before, `audit-before-${entry.id}`)}
      {block(t('details.after'), entry.after, `audit-after-${entry.id}`)}
    </SimpleGrid>
  );
}

/** Which rows are open, and the labels every layout shows. */
function useEntries(names: Record<string, AuditName>) {
  const { t, i18n } = useTranslation('audit-log');
  const ctx: ValueContext = { t, language: i18n.language, names };
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const what = (e: AuditEntry) => t(`what.${e.operation}`, { type: isTargetType(e.target_type) ? t(`types.${e.target_type}`) : e.target_type });
  return { open, toggle, when, what, ctx };
}

function Toggle({ entry, what, expanded, onToggle }: { entry: AuditEntry; what: string; expanded: boolean; onToggle: () => void }) {
  const { t } = useTranslation('audit-log');
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-expanded={expanded}
      aria-controls={`audit-details-${entry.id}`}
      aria-label={t(expanded ? 'details.hide' : 'details.show', { what })}
      onClick={onToggle}
      data-testid={`audit-toggle-${entry.id}`}
    >
      {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
    </ActionIcon>
  );
}

function Who({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit-log');
  if (!entry.actor) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {t('deletedMember')}
      </Text>
    );
  }
  return (
    <>
      <Text size="sm" fw={500}>
        {entry.actor.name}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {entry.actor.email}
      </Text>
    </>
  );
}

function What({ entry, what, ctx }: { entry: AuditEntry; what: string; ctx: ValueContext }) {
  const target = targetLabel(entry, ctx);
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Box w={8} h={8} mt={7} style={{ flexShrink: 0, borderRadius: '50%', background: `var(--mantine-color-${OPERATION_COLOR[entry.operation]}-6)` }} />
      <div>
        <Text size="sm" fw={500} data-testid="audit-what">
          {what}
        </Text>
        {target ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="audit-target">
            {target}
          </Text>
        ) : null}
      </div>
    </Group>
  );
}

/** The log's table, newest first: when, who, what, the change; a row opens to the full before and after. Read only. */
export function AuditLogTable({ items, names }: { items: AuditEntry[]; names: Record<string, AuditName> }) {
  const { t } = useTranslation('audit-log');
  const { open, toggle, when, what, ctx } = useEntries(names);
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" data-testid="audit-log-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <span className="visually-hidden">{t('columns.details')}</span>
            </Table.Th>
            <Table.Th w={180}>{t('columns.when')}</Table.Th>
            <Table.Th w={200}>{t('columns.who')}</Table.Th>
            <Table.Th w={200}>{t('columns.what')}</Table.Th>
            <Table.Th>{t('columns.change')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((e) => {
            const expanded = open.has(e.id);
            const label = what(e);
            return (
              <Fragment key={e.id}>
                <Table.Tr data-testid={`audit-row-${e.id}`} style={{ verticalAlign: 'top' }}>
                  <Table.Td>
                    <Toggle entry={e} what={label} expanded={expanded} onToggle={() => toggle(e.id)} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" data-testid="audit-when">
                      {when(e.created_at)}
                    </Text>
                  </Table.Td>
                  <Table.Td data-testid="audit-who">
                    <Who entry={e} />
                  </Table.Td>
                  <Table.Td>
                    <What entry={e} what={label} ctx={ctx} />
                  </Table.Td>
                  <Table.Td>
                    <ChangeList entry={e} ctx={ctx} />
                  </Table.Td>
                </Table.Tr>
                {expanded ? (
                  <Table.Tr id={`audit-details-${e.id}`} data-testid={`audit-details-${e.id}`}>
                    <Table.Td />
                    <Table.Td colSpan={4}>
                      <Details entry={e} ctx={ctx} />
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

/** The same entries on a narrow screen: one block each, what and who first, nothing wider than the screen. */
export function AuditLogCards({ items, names }: { items: AuditEntry[]; names: Record<string, AuditName> }) {
  const { open, toggle, when, what, ctx } = useEntries(names);
  return (
    <Stack gap={0} data-testid="audit-log-table" role="list">
      {items.map((e) => {
        const expanded = open.has(e.id);
        const label = what(e);
        return (
          <Paper key={e.id} role="listitem" radius={0} px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Stack gap={6} data-testid={`audit-row-${e.id}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <What entry={e} what={label} ctx={ctx} />
                <Toggle entry={e} what={label} expanded={expanded} onToggle={() => toggle(e.id)} />
              </Group>
              <div data-testid="audit-who">
                <Who entry={e} />
              </div>
              <Text size="xs" c="dimmed" data-testid="audit-when">
                {when(e.created_at)}
              </Text>
              <ChangeList entry={e} ctx={ctx} />
            </Stack>
            {expanded ? (
              <div id={`audit-details-${e.id}`} data-testid={`audit-details-${e.id}`}>
                <Details entry={e} ctx={ctx} />
              </div>
            ) : null}
          </Paper>
        );
      })}
    </Stack>
  );
}
