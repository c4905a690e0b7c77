import type { Announcement, AnnouncementLocation } from '@app/contracts/announcements';
import { ActionIcon, Badge, Button, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconSpeakerphone, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/kit/confirm';
import { type Column, DataTable } from '../../../components/kit/data-table';
import { toast, useMutationWithToast } from '../../../components/kit/use-mutation-with-toast';
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
  const remove = useMutationWithToast(useDeleteAnnouncement(), { success: t('toast.deleted'), error: t('toast.deleteFailed') });
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language);

  // A failed load is reported once as a toast (spec §8 "Announcements: load … failures").
  useEffect(() => {
    if (list.isError) toast.error(t('toast.loadFailed'), errorMessage(t, list.error), 'announcements-load');
  }, [list.isError, list.error, t]);

  const confirmDelete = (a: Announcement) =>
    confirm({
      title: t('delete.title'),
      body: t('delete.body', { title: a.title || t('untitled') }),
      confirm: t('delete.confirm'),
      cancel: t('form.cancel'),
      testId: 'confirm-delete-announcement',
      onConfirm: () => remove.run(a.id),
    });

  const actions = (a: Announcement, testId: (action: string) => string) => (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={t('edit')} onClick={() => setEditing(a)} data-testid={testId('edit')}>
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={t('delete.title')} onClick={() => confirmDelete(a)} data-testid={testId('delete')}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );

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
              {actions(a, (action) => `summary-${location}-${action}`)}
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

  const columns: Column<Announcement>[] = [
    {
      key: 'title',
      header: t('columns.title'),
      card: 'title',
      cell: (a) => (
        <>
          <Text fw={500} size="sm">
            {a.title || t('untitled')}
          </Text>
          <Text size="xs" c="dimmed" className="line-clamp-2">
            {preview(a.content, TABLE_PREVIEW)}
          </Text>
        </>
      ),
    },
    { key: 'location', header: t('columns.location'), width: 120, card: true, cell: (a) => t(`location.${a.location}`) },
    { key: 'status', header: t('columns.status'), width: 110, card: true, cell: (a) => <StatusBadge active={a.is_active} /> },
    {
      key: 'dates',
      header: t('columns.dates'),
      width: 190,
      card: true,
      cell: (a) => (
        <>
          <Text size="xs">{t('createdAt', { date: date(a.created_at) })}</Text>
          <Text size="xs" c="dimmed">
            {t('updatedAt', { date: date(a.updated_at) })}
          </Text>
        </>
      ),
    },
    { key: 'actions', header: null, width: 90, card: 'actions', cell: (a) => actions(a, (action) => `${action}-${a.id}`) },
  ];

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
        <DataTable
          rows={list.data?.items ?? []}
          columns={columns}
          rowKey={(a) => a.id}
          rowTestId={(a) => `announcement-row-${a.id}`}
          testId="announcements-table"
          minWidth={800}
          query={list}
          empty={{ icon: <IconSpeakerphone size={32} color="var(--mantine-color-gray-5)" />, text: t('empty'), testId: 'announcements-empty' }}
          pagination={{ page, totalPages: list.data?.pagination.total_pages ?? 1, onChange: setPage, testId: 'announcements-pagination' }}
        />
      </Paper>
      {editing ? <AnnouncementFormModal editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
