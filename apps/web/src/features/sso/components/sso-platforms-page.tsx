import type { AdminSsoPlatform } from '@app/contracts/sso';
import { Alert, Badge, Box, Button, Group, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/status-messages';
import { useAdminSsoPlatforms } from '../../../entities/sso-platforms';
import { useDeleteSsoPlatform } from '../api/admin-sso-platforms';
import { SsoPlatformModal } from './sso-platform-modal';

/** Console › Single sign-on (issue 29): the tenant's OIDC providers and directories. */
export function SsoPlatformsPage() {
  const { t } = useTranslation('sso');
  const list = useAdminSsoPlatforms();
  const remove = useDeleteSsoPlatform();
  const [editing, setEditing] = useState<AdminSsoPlatform | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminSsoPlatform | null>(null);

  return (
    <Box maw={1100} p="xl">
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Title order={2}>{t('platforms.title')}</Title>
          <Text c="dimmed">{t('platforms.description')}</Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="sso-platform-new">
          {t('platforms.new')}
        </Button>
      </Group>
      {remove.isError ? (
        <Alert color="red" mb="md" data-testid="sso-platform-delete-error">
          {remove.error && 'code' in remove.error && remove.error.code === 'sso_platform_in_use' ? t('platforms.inUse') : errorMessage(t, remove.error)}
        </Alert>
      ) : null}
      {list.isError ? (
        <Alert color="red">{errorMessage(t, list.error)}</Alert>
      ) : list.isPending ? (
        <Stack gap="xs">
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="sso-platforms-empty">
          {t('platforms.empty')}
        </Text>
      ) : (
        // Wide on a phone: the table scrolls in its own frame, as the console's other tables do.
        <Table.ScrollContainer minWidth={720}>
          <Table striped data-testid="sso-platforms-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('platforms.name')}</Table.Th>
                <Table.Th>{t('platforms.kind')}</Table.Th>
                <Table.Th>{t('platforms.address')}</Table.Th>
                <Table.Th>{t('platforms.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((p) => (
                <Table.Tr key={p.id} data-testid="sso-platform-row">
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{t(`platforms.kinds.${p.kind}`)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" truncate maw={320}>
                      {p.kind === 'oidc' ? p.issuer_url : p.directory_url}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Badge variant="light" color={p.is_enabled ? 'teal' : 'gray'}>
                        {p.is_enabled ? t('platforms.enabled') : t('platforms.disabled')}
                      </Badge>
                      {p.requires_whitelist ? (
                        <Badge variant="light" color="indigo">
                          {t('platforms.whitelistOnly')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setEditing(p)} data-testid="sso-platform-edit">
                        {t('platforms.edit')}
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(p)} data-testid="sso-platform-delete">
                        {t('platforms.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {deleting ? (
        <Modal opened onClose={() => setDeleting(null)} title={t('platforms.deleteTitle')} centered closeButtonProps={{ 'aria-label': t('common:close') }} data-testid="sso-platform-delete-confirm">
          <Stack>
            <Text size="sm">{t('platforms.deleteConfirm', { name: deleting.name })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                {t('platforms.cancel')}
              </Button>
              <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })} data-testid="sso-platform-delete-yes">
                {t('platforms.delete')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
      {editing ? <SsoPlatformModal platform={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Box>
  );
}
