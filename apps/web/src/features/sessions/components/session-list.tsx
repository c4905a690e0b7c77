import { ActionIcon, Box, Collapse, Group, Loader, NavLink, ScrollArea, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMinimumDuration } from '../../../lib/use-minimum-duration';
import { useSessions } from '../api/list-sessions';
import { useSessionCommands } from '../hooks/use-session-commands';

/** "My sessions": collapsible, open by default; next page when scrolled to the bottom (spec §2). */
export function SessionList({ openHash, onDeletedOpen }: { openHash: string | undefined; onDeletedOpen: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const sessions = useSessions();
  const commands = useSessionCommands();
  const loadingMore = useMinimumDuration(sessions.isFetchingNextPage);
  const items = sessions.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Stack gap={4} flex={1} mih={0}>
      <UnstyledButton onClick={() => setOpen((o) => !o)} px="xs" py={4} data-testid="my-sessions-toggle" aria-expanded={open}>
        <Group gap={4}>
          {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {t('sessions:mySessions')}
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <ScrollArea
          type="auto"
          h="100%"
          data-testid="session-list"
          onBottomReached={() => {
            if (sessions.hasNextPage && !sessions.isFetchingNextPage) void sessions.fetchNextPage();
          }}
        >
          {sessions.isLoading ? (
            <Stack gap={6} px="xs">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} height={26} />
              ))}
            </Stack>
          ) : items.length === 0 ? (
            <Text size="sm" c="dimmed" px="xs" py="xs">
              {t('sessions:empty')}
            </Text>
          ) : (
            items.map((s) => (
              <Box key={s.hash_id} className="session-row" pos="relative" data-testid={`session-row-${s.hash_id}`}>
                <NavLink
                  component={Link}
                  to={`/dashboard/chat/${s.chatbot_id}/${s.hash_id}`}
                  active={s.hash_id === openHash}
                  label={<Text size="sm" truncate pr={48}>{s.title || t('sessions:untitled')}</Text>}
                  py={6}
                />
                <Group gap={2} className="session-actions" pos="absolute" right={4} top={4}>
                  <ActionIcon size="sm" variant="subtle" color="gray" aria-label={t('sessions:rename.title')} data-testid={`session-rename-${s.hash_id}`} onClick={() => commands.rename(s.hash_id, s.title)}>
                    <IconPencil size={14} />
                  </ActionIcon>
                  <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('sessions:delete.title')} data-testid={`session-delete-${s.hash_id}`} onClick={() => commands.remove(s.hash_id, s.title, { onConfirm: s.hash_id === openHash ? onDeletedOpen : undefined })}>
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
              </Box>
            ))
          )}
          {loadingMore ? (
            <Group justify="center" py="xs">
              <Loader size="xs" />
            </Group>
          ) : null}
        </ScrollArea>
      </Collapse>
    </Stack>
  );
}
