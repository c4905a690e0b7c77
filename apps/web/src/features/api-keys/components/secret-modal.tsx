import type { CreatedApiKey } from '@app/contracts/apikeys';
import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { KEY_VARIABLE } from '../lib/snippets';

/**
 * The new key's secret, this once: the server keeps only its hash. A click outside does not close
 * it (the secret would be lost to a stray click); Done and the close button do.
 */
export function SecretModal({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const { t } = useTranslation('developers');
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('secret.title', { name: created.name })}
      size="lg"
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      data-testid="api-key-secret-modal"
    >
      <Stack>
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="api-key-secret-warning">
          <Text size="sm" c="dark.9">
            {t('secret.warning')}
          </Text>
        </Alert>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            flex={1}
            miw={0}
            readOnly
            label={t('secret.label')}
            value={created.secret}
            onFocus={(e) => e.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            data-testid="api-key-secret"
          />
          <CopyButton value={created.secret} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
                data-testid="api-key-secret-copy"
                data-copied={copied}
                data-autofocus
              >
                {copied ? t('copied') : t('copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm" c="dimmed">
          {t('secret.hint', { variable: KEY_VARIABLE })}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose} variant="default" data-testid="api-key-secret-done">
            {t('secret.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
