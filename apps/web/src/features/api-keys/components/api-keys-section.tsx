import { type ApiKey, API_KEY_LIMITS, type CreatedApiKey } from '@app/contracts/apikeys';
import type { Chatbot } from '@app/contracts/chatbots';
import { Alert, Button, Center, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/kit/confirm';
import { localizedName } from '../../../lib/localized-name';
import { useApiKeys } from '../api/list-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { keyErrorMessage } from '../lib/key-errors';
import { maskedKey } from '../lib/format';
import { ApiKeysTable } from './api-keys-table';
import { KeyFormModal } from './key-form-modal';
import { SecretModal } from './secret-modal';

/** The member's API keys: create (the secret shown once), list, edit, revoke. */
export function ApiKeysSection({ chatbots }: { chatbots: Chatbot[] | undefined }) {
  const { t, i18n } = useTranslation('developers');
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [editing, setEditing] = useState<ApiKey | 'new' | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  // "Expired" is judged against the time the list arrived (a render must not read the clock).
  const now = useMemo(() => new Date(keys.dataUpdatedAt || 0), [keys.dataUpdatedAt]);

  const names = useMemo(() => new Map((chatbots ?? []).map((c) => [c.id, localizedName(c, i18n.language)])), [chatbots, i18n.language]);
  const options = useMemo(() => (chatbots ?? []).map((c) => ({ value: String(c.id), label: localizedName(c, i18n.language) })), [chatbots, i18n.language]);
  const items = keys.data?.items ?? [];
  const full = items.length >= API_KEY_LIMITS.keysPerMember;

  const confirmRevoke = (k: ApiKey) =>
    confirm({
      title: t('revoke.title'),
      body: t('revoke.body', { name: k.name, prefix: maskedKey(k.prefix) }),
      confirm: t('revoke.confirm'),
      cancel: t('cancel'),
      testId: 'confirm-revoke-api-key',
      onConfirm: () =>
        revoke.mutate(k.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('revoke.done', { name: k.name }) }),
          onError: (err) => notifications.show({ color: 'red', title: t('revoke.failed'), message: keyErrorMessage(t, err) }),
        }),
    });

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} disabled={full || keys.isPending} data-testid="api-key-create">
      {t('create.action')}
    </Button>
  );

  return (
    <Paper withBorder radius="md" component="section" aria-labelledby="api-keys-title" data-testid="api-keys" miw={0}>
      <Group px={{ base: 'md', sm: 'lg' }} py="md" justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={3} size="h4" id="api-keys-title">
            {t('keys.title')}
          </Title>
          <Text size="sm" c="dimmed" data-testid="api-keys-count">
            {keys.data ? t('keys.count', { count: items.length, max: API_KEY_LIMITS.keysPerMember }) : t('keys.description')}
          </Text>
        </div>
        {items.length ? createButton : null}
      </Group>
      {full ? (
        <Alert mx={{ base: 'md', sm: 'lg' }} mb="md" color="gray" data-testid="api-keys-full">
          {t('errors.tooManyKeys', { max: API_KEY_LIMITS.keysPerMember })}
        </Alert>
      ) : null}
      {keys.isError ? (
        <Alert mx={{ base: 'md', sm: 'lg' }} mb="md" color="red" data-testid="api-keys-error">
          {keyErrorMessage(t, keys.error)}
        </Alert>
      ) : keys.isPending ? (
        <Stack px={{ base: 'md', sm: 'lg' }} pb="lg" data-testid="api-keys-loading">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={40} />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <Center py={40} px="md">
          <Stack align="center" gap="xs" maw={420} data-testid="api-keys-empty">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconKey size={24} />
            </ThemeIcon>
            <Text fw={600}>{t('keys.empty')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('keys.emptyHint')}
            </Text>
            {createButton}
          </Stack>
        </Center>
      ) : (
        <ApiKeysTable keys={items} chatbotNames={names} now={now} onEdit={setEditing} onRevoke={confirmRevoke} />
      )}
      {editing ? (
        <KeyFormModal
          editing={editing === 'new' ? null : editing}
          chatbots={options}
          onClose={() => setEditing(null)}
          onCreated={(k) => {
            setEditing(null);
            setCreated(k);
          }}
        />
      ) : null}
      {created ? <SecretModal created={created} onClose={() => setCreated(null)} /> : null}
    </Paper>
  );
}
