import type { ApiKey } from '@app/contracts/apikeys';
import { ActionIcon, Badge, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isExpired } from '../lib/expiry';
import { keyChatbotNames, maskedKey } from '../lib/format';

interface Props {
  keys: ApiKey[];
  /** Chatbot id → its name in the interface language. */
  chatbotNames: ReadonlyMap<number, string>;
  now: Date;
  onEdit: (k: ApiKey) => void;
  onRevoke: (k: ApiKey) => void;
}

type Cells = Record<'name' | 'key' | 'chatbots' | 'created' | 'lastUsed' | 'expires' | 'usage' | 'actions', ReactNode>;

/** One key's values, the same in the table and in the cards (with the test ids the browser test reads). */
function useKeyCells({ chatbotNames, now, onEdit, onRevoke }: Omit<Props, 'keys'>) {
  const { t, i18n } = useTranslation('developers');
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  const dateTime = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const num = (n: number) => n.toLocaleString(i18n.language);

  return (k: ApiKey): Cells => {
    const bots = keyChatbotNames(k, chatbotNames);
    const expired = isExpired(k.expires_at, now);
    return {
      name: (
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid={`api-key-name-${k.id}`}>
          {k.name}
        </Text>
      ),
      key: (
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }} data-testid={`api-key-prefix-${k.id}`}>
          {maskedKey(k.prefix)}
        </Text>
      ),
      chatbots:
        bots === null ? (
          <Text size="sm" c="dimmed" data-testid={`api-key-chatbots-${k.id}`}>
            {t('chatbots.all')}
          </Text>
        ) : (
          <Text size="sm" lineClamp={2} title={bots.names.join(', ')} data-testid={`api-key-chatbots-${k.id}`}>
            {[...bots.names, ...(bots.unknown ? [t('chatbots.unavailable', { count: bots.unknown })] : [])].join(', ')}
          </Text>
        ),
      created: (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {date(k.created_at)}
        </Text>
      ),
      lastUsed: (
        <Text size="sm" c={k.last_used_at ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }} data-testid={`api-key-last-used-${k.id}`} data-used={k.last_used_at !== null}>
          {k.last_used_at ? dateTime(k.last_used_at) : t('never')}
        </Text>
      ),
      expires:
        k.expires_at === null ? (
          <Text size="sm" c="dimmed" data-testid={`api-key-expires-${k.id}`}>
            {t('never')}
          </Text>
        ) : (
          <Group gap={6} wrap="nowrap" data-testid={`api-key-expires-${k.id}`} data-expired={expired}>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {date(k.expires_at)}
            </Text>
            {expired ? (
              <Badge color="red" variant="light" tt="none" c="red.9">
                {t('expired')}
              </Badge>
            ) : null}
          </Group>
        ),
      usage: (
        <div>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid={`api-key-requests-${k.id}`}>
            {t('usage.requests', { count: k.request_count, formatted: num(k.request_count) })}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid={`api-key-tokens-${k.id}`}>
            {t('usage.tokens', { count: k.token_count, formatted: num(k.token_count) })}
          </Text>
        </div>
      ),
      actions: (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <ActionIcon variant="subtle" title={t('edit.action')} aria-label={t('edit.actionOne', { name: k.name })} onClick={() => onEdit(k)} data-testid={`api-key-edit-${k.id}`}>
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" title={t('revoke.action')} aria-label={t('revoke.actionOne', { name: k.name })} onClick={() => onRevoke(k)} data-testid={`api-key-revoke-${k.id}`}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ),
    };
  };
}

/** The member's keys: name, prefix, chatbots, dates, usage; edit and revoke on each. A table, or cards on a phone. */
export function ApiKeysTable(props: Props) {
  const { t } = useTranslation('developers');
  const cells = useKeyCells(props);
  const phone = useMediaQuery('(max-width: 48em)');

  if (phone) {
    const fields = ['chatbots', 'created', 'lastUsed', 'expires', 'usage'] as const;
    return (
      <Stack gap="sm" px="md" pb="md" data-testid="api-keys-cards">
        {props.keys.map((k) => {
          const c = cells(k);
          return (
            <Paper key={k.id} withBorder radius="md" p="sm" data-testid={`api-key-row-${k.id}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Stack gap={2} miw={0}>
                  {c.name}
                  {c.key}
                </Stack>
                {c.actions}
              </Group>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} component="dl" m={0} pt="sm">
                {fields.map((f) => (
                  <div key={f}>
                    <Text component="dt" size="xs" c="dimmed">
                      {t(`columns.${f}`)}
                    </Text>
                    <Text component="dd" m={0} size="sm">
                      {c[f]}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            </Paper>
          );
        })}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="api-keys-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={120}>{t('columns.name')}</Table.Th>
            <Table.Th>{t('columns.key')}</Table.Th>
            <Table.Th miw={120}>{t('columns.chatbots')}</Table.Th>
            <Table.Th>{t('columns.created')}</Table.Th>
            <Table.Th>{t('columns.lastUsed')}</Table.Th>
            <Table.Th>{t('columns.expires')}</Table.Th>
            <Table.Th ta="right">{t('columns.usage')}</Table.Th>
            <Table.Th w={84}>
              <span className="visually-hidden">{t('columns.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.keys.map((k) => {
            const c = cells(k);
            return (
              <Table.Tr key={k.id} data-testid={`api-key-row-${k.id}`}>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td>{c.key}</Table.Td>
                <Table.Td>{c.chatbots}</Table.Td>
                <Table.Td>{c.created}</Table.Td>
                <Table.Td>{c.lastUsed}</Table.Td>
                <Table.Td>{c.expires}</Table.Td>
                <Table.Td ta="right">{c.usage}</Table.Td>
                <Table.Td>{c.actions}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
