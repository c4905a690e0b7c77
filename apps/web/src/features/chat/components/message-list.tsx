import { Center, Loader, ScrollArea, Skeleton, Stack } from '@mantine/core';
import { type ReactNode, useLayoutEffect, useMemo, useRef } from 'react';
import { useMinimumDuration } from '../../../lib/use-minimum-duration';
import { useHistory } from '../api/get-history';
import { chatMessages, type LiveTurn } from '../lib/live-turn';
import { MessageBubble } from './message-bubble';

/** The session's history with this page's turns over it; older pages load when scrolled to the top. */
export interface MessageListProps {
  sessionHashId: string | undefined;
  /** False for a visitor: there is no history to read, only this page's turns. */
  withHistory?: boolean;
  /** False for a visitor: what an answer cost is the creator's business. */
  showCredits?: boolean;
  turns: readonly LiveTurn[];
  intro: ReactNode;
  /** Model names by id, for the line under each answer. */
  modelNames: ReadonlyMap<number, string>;
  /** Image generation models: their answers wait for an image, not text. */
  imageModelIds?: ReadonlySet<number>;
}

export function MessageList({ sessionHashId, withHistory = true, showCredits = true, turns, intro, modelNames, imageModelIds }: MessageListProps) {
  const history = useHistory(withHistory ? sessionHashId : undefined);
  const viewport = useRef<HTMLDivElement>(null);
  const olderAnchor = useRef<{ height: number; top: number } | null>(null);
  /** The session whose history was last scrolled into place: a newly opened one starts at its end. */
  const placed = useRef<string | null>(null);
  const loadingOlder = useMinimumDuration(history.isFetchingNextPage);

  const messages = useMemo(() => {
    const rows = [...(history.data?.pages ?? [])].reverse().flatMap((p) => p.items);
    return chatMessages(rows, turns);
  }, [history.data, turns]);

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

  return (
    <ScrollArea flex={1} viewportRef={viewport} onScrollPositionChange={({ y }) => y < 40 && loadOlder()} type="auto" data-testid="chat-messages">
      <Stack gap="lg" px="lg" py="md" maw={860} mx="auto">
        {loadingOlder ? (
          <Center>
            <Loader size="sm" />
          </Center>
        ) : null}
        {sessionHashId && history.isLoading ? (
          <Stack gap="md">
            <Skeleton height={40} width="50%" ml="auto" />
            <Skeleton height={16} />
            <Skeleton height={16} width="90%" />
            <Skeleton height={16} width="75%" />
          </Stack>
        ) : null}
        {intro}
        {messages.map((m) => (
          <MessageBubble key={m.key} m={m} modelNames={modelNames} showCredits={showCredits} imageModelIds={imageModelIds} />
        ))}
      </Stack>
    </ScrollArea>
  );
}
