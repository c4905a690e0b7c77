import { ActionIcon, Alert, Avatar, Box, Center, Group, Loader, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { History } from '@app/contracts/sessions';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { IconMessageCircleOff, IconPencil, IconTrash } from '@tabler/icons-react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { errorMessage, statusOf, type MessageOverrides } from '../../../lib/status-messages';
import { useAuth } from '../../../lib/use-auth';
import { useMinimumDuration } from '../../../lib/use-minimum-duration';
import { useChatbot } from '../../chatbots/api/get-chatbot';
import { useChatbots } from '../../chatbots/api/list-chatbots';
import { useLlmModels } from '../../chatbots/api/list-llm-models';
import { CreditWarning } from '../../credits/components/credit-warning';
import { useDeleteSession } from '../../sessions/api/delete-session';
import { useSession } from '../../sessions/api/get-session';
import { useRenameSession } from '../../sessions/api/rename-session';
import { confirmDeleteSession, openRenameSession } from '../../sessions/components/session-dialogs';
import { useHistory } from '../api/get-history';
import { liveTurn, type LiveTurn, useLiveTurn } from '../lib/live-turn';
import { ChatInput } from './chat-input';
import { type BubbleMessage, MessageBubble } from './message-bubble';

/** Spec §8 chat statuses without a finer code text: through the one error → message map. */
export const CHAT_STATUS_OVERRIDES: MessageOverrides = { 422: 'chat:errors.422', 500: 'chat:errors.500' };

function belongsHere(turn: LiveTurn | null, chatbotId: number | undefined, hash: string | undefined): turn is LiveTurn {
  if (!turn) return false;
  if (turn.meta) return turn.meta.session_hash_id === hash;
  return !hash && turn.chatbotId === chatbotId;
}

export function ChatScreen({ chatbotId, sessionHashId }: { chatbotId?: number; sessionHashId?: string }) {
  const { t, i18n } = useTranslation('chat');
  const { member } = useAuth();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const chatbots = useChatbots();
  const resolvedId = chatbotId ?? chatbots.data?.items.find((c) => c.is_default)?.id;
  const bot = useChatbot(resolvedId);
  const session = useSession(sessionHashId);
  const history = useHistory(sessionHashId);
  const live = useLiveTurn();
  const models = useLlmModels(bot.data?.is_default === true);
  const rename = useRenameSession();
  const remove = useDeleteSession();
  const [input, setInput] = useState('');
  const [pickedModel, setPickedModel] = useState<number | null>(null);
  const [thinking, setThinking] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const olderAnchor = useRef<{ height: number; top: number } | null>(null);
  /** The session whose history was last scrolled into place: a newly opened one starts at its end. */
  const placed = useRef<string | null>(null);
  const loadingOlder = useMinimumDuration(history.isFetchingNextPage);

  const modelId = pickedModel ?? bot.data?.llm_model.id ?? null;
  const model = models.data?.items.find((m) => m.id === modelId);
  const supportsThinking = model ? model.supports_thinking : (bot.data?.llm_model.supports_thinking ?? false);
  const mine = belongsHere(live, resolvedId, sessionHashId) ? live : null;
  const streaming = !!mine && (mine.status === 'sending' || mine.status === 'streaming');
  const lowCost = chatbots.data?.items.find((c) => c.llm_model.is_low_llm && c.llm_model.is_available);

  const messages = useMemo<BubbleMessage[]>(() => {
    const hidden = new Set<number>(mine?.meta ? [mine.meta.user_message_id, mine.meta.assistant_message_id] : []);
    const rows = [...(history.data?.pages ?? [])].reverse().flatMap((p) => p.items);
    const out: BubbleMessage[] = rows
      .filter((m) => !hidden.has(m.id))
      .map((m) => ({ key: `h${m.id}`, role: m.speaker_type, text: m.text, reasoning: m.reasoning, status: m.status }));
    if (mine) {
      out.push({ key: `q${mine.id}`, role: 'member', text: mine.question, reasoning: null, status: 'completed' });
      out.push({ key: `a${mine.id}`, role: 'chatbot', text: mine.text, reasoning: mine.reasoning || null, status: mine.status });
    }
    return out;
  }, [history.data, mine]);

  // Keep the reader at the bottom while an answer grows; keep their place when older pages load above.
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    if (olderAnchor.current) {
      el.scrollTop = el.scrollHeight - olderAnchor.current.height + olderAnchor.current.top;
      olderAnchor.current = null;
      return;
    }
    const opened = !!sessionHashId && !!history.data && placed.current !== sessionHashId;
    if (opened) placed.current = sessionHashId;
    if (opened || el.scrollHeight - el.scrollTop - el.clientHeight < 160) el.scrollTop = el.scrollHeight;
  }, [messages, sessionHashId, history.data]);

  const loadOlder = () => {
    const el = viewport.current;
    if (!el || !history.hasNextPage || history.isFetchingNextPage) return;
    olderAnchor.current = { height: el.scrollHeight, top: el.scrollTop };
    void history.fetchNextPage();
  };

  const refreshCredits = () => {
    if (!member) return;
    void qc.invalidateQueries({ queryKey: queryKeys.creditCheck(member.id) });
    void qc.invalidateQueries({ queryKey: queryKeys.usage(member.id) });
  };

  /** After a stop the server finalises the answer a moment later: refetch until the row is settled. */
  const settleHistory = async (hash: string, assistantId: number) => {
    for (let attempt = 0; attempt < 15; attempt += 1) {
      await qc.invalidateQueries({ queryKey: queryKeys.history(hash) });
      const data = qc.getQueryData<InfiniteData<History>>(queryKeys.history(hash));
      const row = data?.pages.flatMap((p) => p.items).find((m) => m.id === assistantId);
      if (!row || row.status !== 'streaming') return;
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  const send = () => {
    const text = input.trim();
    if (!text || resolvedId === undefined) return;
    setInput('');
    const wasNew = !sessionHashId;
    void liveTurn.send(
      resolvedId,
      { text, session_hash_id: sessionHashId ?? null, thinking: supportsThinking && thinking, llm_model_id: bot.data?.is_default ? modelId : null },
      {
        onMeta: (meta) => {
          if (wasNew) navigate(`/dashboard/chat/${meta.chatbot_id}/${meta.session_hash_id}`, { replace: true });
          void qc.invalidateQueries({ queryKey: queryKeys.sessions });
        },
        onRefused: (err) => {
          setInput(text);
          notifications.show({ color: 'red', message: errorMessage(t, err, CHAT_STATUS_OVERRIDES), 'data-testid': 'chat-error' } as Parameters<typeof notifications.show>[0]);
          if (statusOf(err) === 402) refreshCredits();
        },
        onStreamError: () => notifications.show({ color: 'red', message: t('errors.500') }),
        onDone: async (turn) => {
          refreshCredits();
          if (turn.meta) await settleHistory(turn.meta.session_hash_id, turn.meta.assistant_message_id);
          liveTurn.clear(turn.id);
        },
      },
    );
  };

  if (bot.isError) {
    const gone = bot.error instanceof ApiError && bot.error.status === 404;
    return (
      <Center h="100%" p="lg">
        <Alert color="gray" icon={<IconMessageCircleOff />} title={t(gone ? 'unavailable.title' : 'errors.500')} data-testid="chatbot-unavailable" maw={480}>
          {gone ? t('unavailable.body') : null}
        </Alert>
      </Center>
    );
  }

  const botName = bot.data ? (i18n.language === 'ko' ? bot.data.ko_name : bot.data.en_name) : '';
  const features = bot.data ? (i18n.language === 'ko' ? bot.data.ko_key_features : bot.data.en_key_features) : '';
  const title = session.data?.title ?? mine?.meta?.session_title ?? null;
  const hash = sessionHashId;

  return (
    <Stack h="100%" gap={0}>
      <Group justify="space-between" px="lg" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} wrap="nowrap">
        {bot.data ? (
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Avatar src={bot.data.profile_image_url} color="indigo" radius="xl">
              {botName.slice(0, 1)}
            </Avatar>
            <Box miw={0}>
              <Text fw={600} truncate data-testid="chat-title">
                {hash ? title || t('untitled') : botName}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {[botName, model?.display_name ?? bot.data.llm_model.display_name].filter((x, i, all) => all.indexOf(x) === i).join(' · ')}
              </Text>
            </Box>
          </Group>
        ) : (
          <Skeleton height={36} width={240} />
        )}
        {hash ? (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('rename')}
              title={t('rename')}
              data-testid="chat-rename"
              onClick={() =>
                openRenameSession(t, title, (next) =>
                  rename.mutate({ hash, title: next }, { onError: (err) => notifications.show({ color: 'red', message: errorMessage(t, err) }) }),
                )
              }
            >
              <IconPencil size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('delete')}
              title={t('delete')}
              data-testid="chat-delete"
              onClick={() =>
                confirmDeleteSession(t, title, () =>
                  remove.mutate(hash, {
                    onSuccess: () => navigate(`/dashboard/chat/${resolvedId ?? ''}`),
                    onError: (err) => notifications.show({ color: 'red', message: errorMessage(t, err) }),
                  }),
                )
              }
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ) : null}
      </Group>

      <ScrollArea flex={1} viewportRef={viewport} onScrollPositionChange={({ y }) => y < 40 && loadOlder()} type="auto" data-testid="chat-messages">
        <Stack gap="lg" px="lg" py="md" maw={860} mx="auto">
          {loadingOlder ? (
            <Center>
              <Loader size="sm" />
            </Center>
          ) : null}
          {hash && history.isLoading ? (
            <Stack gap="md">
              <Skeleton height={40} width="50%" ml="auto" />
              <Skeleton height={16} />
              <Skeleton height={16} width="90%" />
              <Skeleton height={16} width="75%" />
            </Stack>
          ) : null}
          {!hash && !mine && bot.data ? (
            <Stack align="center" gap="xs" py={60} data-testid="new-chat-intro">
              <Avatar src={bot.data.profile_image_url} size="xl" color="indigo" radius="xl">
                {botName.slice(0, 1)}
              </Avatar>
              <Title order={3}>{botName}</Title>
              <Text c="dimmed" ta="center" maw={520}>
                {features}
              </Text>
            </Stack>
          ) : null}
          {messages.map((m) => (
            <MessageBubble key={m.key} m={m} />
          ))}
        </Stack>
      </ScrollArea>

      <Stack gap="xs" px="lg" pb="md" pt="xs" maw={860} w="100%" mx="auto">
        {member ? <CreditWarning memberId={member.id} lowCostAvailable={!!lowCost} /> : null}
        <ChatInput
          value={input}
          onChange={setInput}
          onSend={send}
          onStop={() => liveTurn.stop()}
          streaming={streaming}
          disabled={!bot.data}
          models={bot.data?.is_default ? (models.data?.items ?? null) : null}
          modelId={modelId}
          onModelChange={setPickedModel}
          thinkingAvailable={supportsThinking}
          thinking={thinking}
          onThinkingChange={setThinking}
        />
      </Stack>
    </Stack>
  );
}
