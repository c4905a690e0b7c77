import type { Chatbot } from '@app/contracts/chatbots';
import { Button, Card, Center, Group, Pagination, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconRobot, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirm } from '../../../components/kit/confirm';
import { errorMessage } from '../../../lib/status-messages';
import { useCreateChatbot } from '../api/create-chatbot';
import { useDeleteChatbot } from '../api/delete-chatbot';
import { studioQuery, useMyChatbots } from '../api/list-my-chatbots';
import { useUpdateChatbot } from '../api/update-chatbot';
import { chatbotName } from '../lib/names';
import { ChatbotCard } from './chatbot-card';

function CardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md">
      <Group wrap="nowrap" gap="sm">
        <Skeleton height={48} width={48} radius="md" />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={14} width="60%" />
          <Skeleton height={10} width="40%" />
        </Stack>
      </Group>
      <Skeleton height={40} mt="md" />
      <Skeleton height={28} mt="md" width="50%" />
    </Card>
  );
}

/** /dashboard/studio: the member's own chatbots, a new one, and each one's edit, chat, hide and delete. */
export function StudioList({ memberId }: { memberId: number }) {
  const { t, i18n } = useTranslation('studio');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [includeHidden, setIncludeHidden] = useState(false);
  const [page, setPage] = useState(1);
  const list = useMyChatbots(studioQuery(memberId, { includeHidden, search: debounced, page }));
  const create = useCreateChatbot();
  const update = useUpdateChatbot();
  const remove = useDeleteChatbot();
  const [busyId, setBusyId] = useState<number | null>(null);

  const items = list.data?.items ?? [];
  const pages = list.data?.pagination.total_pages ?? 1;
  const nameOf = (c: Chatbot) => chatbotName(c, i18n.language) || t('untitled');

  useEffect(() => {
    if (list.isError) notifications.show({ id: 'studio-load', color: 'red', title: t('toast.loadFailed'), message: errorMessage(t, list.error) });
  }, [list.isError, list.error, t]);

  // A page emptied by a deletion or a hide: back one.
  useEffect(() => {
    if (list.data && list.data.items.length === 0 && page > 1) setPage(page - 1);
  }, [list.data, page]);

  // A double click makes one chatbot: the second click lands before the button shows it is busy
  // (the mutation's state reaches the render a tick later), so a ref holds the request in flight.
  const creating = useRef(false);
  const startNew = () => {
    if (creating.current) return;
    creating.current = true;
    create.mutate(undefined, {
      onSuccess: (c) => navigate(`/dashboard/studio/${c.id}`),
      onError: (err) => notifications.show({ color: 'red', title: t('toast.createFailed'), message: errorMessage(t, err) }),
      onSettled: () => {
        creating.current = false;
      },
    });
  };

  const toggleHidden = (c: Chatbot) => {
    setBusyId(c.id);
    update.mutate(
      { id: c.id, body: { is_hidden: !c.is_hidden } },
      {
        onSuccess: (saved) => notifications.show({ color: 'green', message: t(saved.is_hidden ? 'toast.hidden' : 'toast.unhidden', { name: nameOf(saved) }) }),
        onError: (err) => notifications.show({ color: 'red', title: t('toast.saveFailed'), message: errorMessage(t, err) }),
        onSettled: () => setBusyId(null),
      },
    );
  };

  const confirmDelete = (c: Chatbot) =>
    confirm({
      title: t('delete.title'),
      body: t(c.is_public ? 'delete.bodyPublic' : 'delete.body', { name: nameOf(c) }),
      confirm: t('delete.confirm'),
      cancel: t('cancel'),
      testId: 'confirm-delete-chatbot',
      onConfirm: () => {
        setBusyId(c.id);
        remove.mutate(c.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('toast.deleted', { name: nameOf(c) }) }),
          onError: (err) => notifications.show({ color: 'red', title: t('toast.deleteFailed'), message: errorMessage(t, err) }),
          onSettled: () => setBusyId(null),
        });
      },
    });

  const filtered = debounced.trim() !== '';

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} maw={1400} data-testid="studio-list">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed">{t('description')}</Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={startNew} loading={create.isPending} data-testid="studio-new">
          {t('new')}
        </Button>
      </Group>
      <Group gap="md" wrap="wrap">
        <TextInput
          aria-label={t('search')}
          placeholder={t('search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 280 }}
          data-testid="studio-search"
        />
        <Switch
          label={t('showHidden')}
          checked={includeHidden}
          onChange={(e) => {
            setIncludeHidden(e.currentTarget.checked);
            setPage(1);
          }}
          data-testid="studio-show-hidden"
        />
      </Group>
      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} data-testid="studio-loading">
          {Array.from({ length: 3 }, (_, i) => (
            <CardSkeleton key={i} />
          ))}
        </SimpleGrid>
      ) : items.length === 0 ? (
        <Card withBorder radius="md" py={48}>
          <Center>
            <Stack align="center" gap="xs" maw={420} data-testid="studio-empty">
              <IconRobot size={40} color="var(--mantine-color-gray-5)" aria-hidden />
              <Text fw={600} ta="center">
                {t(filtered ? 'empty.noMatch' : 'empty.title')}
              </Text>
              {filtered ? null : (
                <>
                  <Text c="dimmed" size="sm" ta="center">
                    {t('empty.body')}
                  </Text>
                  <Button variant="light" leftSection={<IconPlus size={16} />} onClick={startNew} loading={create.isPending} mt="xs">
                    {t('empty.action')}
                  </Button>
                </>
              )}
            </Stack>
          </Center>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} data-testid="studio-chatbots">
          {items.map((c) => (
            <ChatbotCard key={c.id} chatbot={c} onToggleHidden={toggleHidden} onDelete={confirmDelete} busyId={busyId} />
          ))}
        </SimpleGrid>
      )}
      {pages > 1 ? (
        <Center>
          <Pagination total={pages} value={page} onChange={setPage} getControlProps={(c) => ({ 'aria-label': t(`pagination.${c}`) })} getItemProps={(p) => ({ 'aria-label': t('pagination.page', { page: p }) })} />
        </Center>
      ) : null}
    </Stack>
  );
}
