import type { ApiKey } from '@app/contracts/apikeys';
import { ActionIcon, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
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

/** The member's keys: name, prefix, chatbots, dates, usage; edit and revoke on each row. */
export function ApiKeysTable({ keys, chatbotNames, now, onEdit, onRevoke }: Props) {
  const { t, i18n } = useTranslation('developers');
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  const dateTime = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const num = (n: number) => n.toLocaleString(i18n.language);

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="api-keys-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th w={150}>{t('columns.key')}</Table.Th>
            <Table.Th>{t('columns.chatbots')}</Table.Th>
            <Table.Th w={120}>{t('columns.created')}</Table.Th>
            <Table.Th w={150}>{t('columns.lastUsed')}</Table.Th>
            <Table.Th w={130}>{t('columns.expires')}</Table.Th>
            <Table.Th w={130} ta="right">
              {t('columns.usage')}
            </Table.Th>
            <Table.Th w={90}>
              <span className="visually-hidden">{t('columns.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((k) => {
            const bots = keyChatbotNames(k, chatbotNames);
            const expired = isExpired(k.expires_at, now);
            return (
              <Table.Tr key={k.id} data-testid={`api-key-row-${k.id}`} data-expired={expired}>
                <Table.Td>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid={`api-key-name-${k.id}`}>
                    {k.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }} data-testid={`api-key-prefix-${k.id}`}>
                    {maskedKey(k.prefix)}
                  </Text>
                </Table.Td>
                <Table.Td data-testid={`api-key-chatbots-${k.id}`}>
                  {bots === null ? (
                    <Text size="sm" c="dimmed">
                      {t('chatbots.all')}
                    </Text>
                  ) : (
                    <Text size="sm" lineClamp={2} title={bots.names.join(', ')}>
                      {[...bots.names, ...(bots.unknown ? [t('chatbots.unavailable', { count: bots.unknown })] : [])].join(', ')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{date(k.created_at)}</Text>
                </Table.Td>
                <Table.Td data-testid={`api-key-last-used-${k.id}`} data-used={k.last_used_at !== null}>
                  <Text size="sm" c={k.last_used_at ? undefined : 'dimmed'}>
                    {k.last_used_at ? dateTime(k.last_used_at) : t('never')}
                  </Text>
                </Table.Td>
                <Table.Td data-testid={`api-key-expires-${k.id}`}>
                  {k.expires_at === null ? (
                    <Text size="sm" c="dimmed">
                      {t('never')}
                    </Text>
                  ) : (
                    <Stack gap={2} align="flex-start">
                      <Text size="sm">{date(k.expires_at)}</Text>
                      {expired ? (
                        <Badge color="red" variant="light" tt="none" c="red.9" data-testid={`api-key-expired-${k.id}`}>
                          {t('expired')}
                        </Badge>
                      ) : null}
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td ta="right" data-testid={`api-key-usage-${k.id}`}>
                  <Text size="sm" data-testid={`api-key-requests-${k.id}`}>
                    {t('usage.requests', { count: k.request_count, formatted: num(k.request_count) })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('usage.tokens', { count: k.token_count, formatted: num(k.token_count) })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <ActionIcon variant="subtle" title={t('edit.action')} aria-label={t('edit.actionOne', { name: k.name })} onClick={() => onEdit(k)} data-testid={`api-key-edit-${k.id}`}>
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      title={t('revoke.action')}
                      aria-label={t('revoke.actionOne', { name: k.name })}
                      onClick={() => onRevoke(k)}
                      data-testid={`api-key-revoke-${k.id}`}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
