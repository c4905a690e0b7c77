import type { Announcement, AnnouncementLocation } from '@app/contracts/announcements';
import { ActionIcon, Badge, Button, Card, Center, Group, Pagination, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconSpeakerphone, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/kit/confirm';
import { errorMessage } from '../../../lib/status-messages';
import { useActiveAnnouncements } from '../api/get-active-announcements';
import { useDeleteAnnouncement } from '../api/delete-announcement';
import { useAnnouncements } from '../api/list-announcements';
import { CARD_PREVIEW, preview, TABLE_PREVIEW } from '../lib/preview';
import { AnnouncementFormModal } from './announcement-form-modal';

function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('announcements');
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light">
      {t(active ? 'status.active' : 'status.inactive')}
    </Badge>
  );
}

export function AnnouncementsPage() {
  const { t, i18n } = useTranslation('announcements');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Announcement | 'new' | null>(null);
  const list = useAnnouncements(page);
  const active = useActiveAnnouncements();
  const remove = useDeleteAnnouncement();
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language);

  // A failed load is reported once as a toast (spec §8 "Announcements: load … failures").
  useEffect(() => {
    if (list.isError) notifications.show({ id: 'announcements-load', color: 'red', title: t('toast.loadFailed'), message: errorMessage(t, list.error) });
  }, [list.isError, list.error, t]);

  const confirmDelete = (a: Announcement) =>
    confirm({
      title: t('delete.title'),
      body: t('delete.body', { title: a.title || t('untitled') }),
      confirm: t('delete.confirm'),
      cancel: t('form.cancel'),
      testId: 'confirm-delete-announcement',
      onConfirm: () =>
        remove.mutate(a.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('toast.deleted') }),
          onError: (err) => notifications.show({ color: 'red', title: t('toast.deleteFailed'), message: errorMessage(t, err) }),
        }),
    });

  const summary = (location: AnnouncementLocation) => {
    const a = active.data?.[location] ?? null;
    return (
      <Card withBorder radius="md" padding="lg" key={location} data-testid={`summary-${location}`}>
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{t(`location.${location}`)}</Text>
          {a ? <StatusBadge active={a.is_active} /> : null}
        </Group>
        {active.isLoading ? (
          <Skeleton height={48} />
        ) : a ? (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={500} data-testid={`summary-${location}-title`}>
                {a.title || t('untitled')}
              </Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={t('edit')} onClick={() => setEditing(a)} data-testid={`summary-${location}-edit`}>
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" aria-label={t('delete.title')} onClick={() => confirmDelete(a)} data-testid={`summary-${location}-delete`}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
            <Text size="sm" c="dimmed">
              {preview(a.content, CARD_PREVIEW)}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" data-testid={`summary-${location}-empty`}>
            {t(`summary.empty.${location}`)}
          </Text>
        )}
      </Card>
    );
  };

  const items = list.data?.items ?? [];
  const pages = list.data?.pagination.total_pages ?? 1;

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} maw={1200}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed">{t('description')}</Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="new-announcement">
          {t('new')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>{(['auth', 'dashboard'] as const).map(summary)}</SimpleGrid>
      <Paper withBorder radius="md">
        <Group px="md" py="sm" justify="space-between">
          <Text fw={600} data-testid="announcement-total">
            {t('total', { count: list.data?.pagination.total_items ?? 0 })}
          </Text>
        </Group>
        {list.isLoading ? (
          <Stack p="md">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={36} />
            ))}
          </Stack>
        ) : items.length === 0 ? (
          <Center py={48}>
            <Stack align="center" gap={4} data-testid="announcements-empty">
              <IconSpeakerphone size={32} color="var(--mantine-color-gray-5)" />
              <Text c="dimmed">{t('empty')}</Text>
            </Stack>
          </Center>
        ) : (
          <Table.ScrollContainer minWidth={800}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="announcements-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.title')}</Table.Th>
                  <Table.Th w={120}>{t('columns.location')}</Table.Th>
                  <Table.Th w={110}>{t('columns.status')}</Table.Th>
                  <Table.Th w={190}>{t('columns.dates')}</Table.Th>
                  <Table.Th w={90} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((a) => (
                  <Table.Tr key={a.id} data-testid={`announcement-row-${a.id}`}>
                    <Table.Td>
                      <Text fw={500} size="sm">
                        {a.title || t('untitled')}
                      </Text>
                      <Text size="xs" c="dimmed" className="line-clamp-2">
                        {preview(a.content, TABLE_PREVIEW)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{t(`location.${a.location}`)}</Table.Td>
                    <Table.Td>
                      <StatusBadge active={a.is_active} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{t('createdAt', { date: date(a.created_at) })}</Text>
                      <Text size="xs" c="dimmed">
                        {t('updatedAt', { date: date(a.updated_at) })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon variant="subtle" aria-label={t('edit')} onClick={() => setEditing(a)} data-testid={`edit-${a.id}`}>
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon variant="subtle" color="red" aria-label={t('delete.title')} onClick={() => confirmDelete(a)} data-testid={`delete-${a.id}`}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 ? (
          <Group justify="center" py="sm">
            <Pagination total={pages} value={page} onChange={setPage} data-testid="announcements-pagination" />
          </Group>
        ) : null}
      </Paper>
      {editing ? <AnnouncementFormModal editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
