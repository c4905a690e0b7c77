import type { ChatBody, ChatMeta } from '@app/contracts/chat';
import type { History } from '@app/contracts/sessions';
import { notifications } from '@mantine/notifications';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { errorMessage, type MessageOverrides, statusOf } from '../../../lib/status-messages';
import { useAuth } from '../../../lib/use-auth';
import { useHistory } from '../api/get-history';
import type { ChatMode } from '../api/send-chat';
import { inFlight, type LiveTurn, liveTurns, type MessageFile, useLiveTurns } from '../lib/live-turn';

/** Spec §8 chat statuses without a finer text for their code. */
const CHAT_ERRORS: MessageOverrides = {
  // Over the message limit or the request's hard cap alike: spec §8's "exceeded input limit — split the question".
  413: 'errors.code.input_too_long',
  422: 'chat:errors.422',
  500: 'chat:errors.500',
};
/** A visitor has no credits of their own: a 402 on a public link means the creator's ran out (spec §8). */
const VISITOR_ERRORS: MessageOverrides = { ...CHAT_ERRORS, 402: 'chat:errors.creatorDepleted' };
/**
 * Codes whose own text is finer than the chat's text for their status: spec §8 names the image
 * generation 500 apart from the chat's 500, and a 422 for too many files or web search off says
 * what to change rather than "the message is not valid".
 */
const OWN_TEXT = new Set(['image_generation_failed', 'too_many_files', 'web_search_unavailable']);
const ownText = (err: unknown) => err instanceof ApiError && OWN_TEXT.has(err.code);

function belongsHere(turn: LiveTurn, chatbotId: number | undefined, hash: string | undefined): boolean {
  if (turn.meta) return turn.meta.session_hash_id === hash;
  return !hash && turn.chatbotId === chatbotId;
}

export interface ChatTurnOptions {
  chatbotId: number | undefined;
  sessionHashId: string | undefined;
  /** The first answer of a new chat: the server made the session (the route goes to its URL). */
  onSessionStarted: (meta: ChatMeta) => void;
  /** A new chat's first answer ended completed (settled on the server before its `end` event): time for its title. */
  onFirstAnswer?: (hash: string) => void;
  /** `test`: the studio's trial chat; `public`: a visitor on a public link (send-chat.ts). */
  mode?: ChatMode;
}

/**
 * The chat's turns in the open session: sending (a new send aborts the previous stream), stopping,
 * and the turns shown over the history until it has their answers settled.
 */
export function useChatTurn({ chatbotId, sessionHashId, onSessionStarted, onFirstAnswer, mode = 'member' }: ChatTurnOptions) {
  const { t } = useTranslation('chat');
  const { member } = useAuth();
  const qc = useQueryClient();
  const all = useLiveTurns();
  const turns = useMemo(() => all.filter((turn) => belongsHere(turn, chatbotId, sessionHashId)), [all, chatbotId, sessionHashId]);
  // A visitor has no history, credits or session list to refresh: the turns stay on the page.
  const visitor = mode === 'public';

  const showError = (err: unknown) =>
    notifications.show({ color: 'red', message: errorMessage(t, err, ownText(err) ? {} : visitor ? VISITOR_ERRORS : CHAT_ERRORS), 'data-testid': 'chat-error' } as Parameters<typeof notifications.show>[0]);

  const refreshCredits = () => {
    if (!member || visitor) return;
    void qc.invalidateQueries({ queryKey: queryKeys.creditCheck(member.id) });
    void qc.invalidateQueries({ queryKey: queryKeys.usage(member.id) });
  };

  /** One history refetch when an answer ends; turns whose answers it shows settled are let go. */
  const settle = async (hash: string) => {
    const key = queryKeys.history(hash);
    await qc.invalidateQueries({ queryKey: key });
    const history = qc.getQueryData<InfiniteData<History>>(key);
    if (history) liveTurns.forgetSettled(history.pages.flatMap((p) => p.items));
  };

  /** `onRefused` gives the question back to the input; `onAccepted` runs once the server took it (its attachments are sent). */
  const send = (body: ChatBody, onRefused: () => void, files: MessageFile[] = [], onAccepted?: () => void) => {
    if (chatbotId === undefined) return;
    const isNew = !body.session_hash_id;
    void liveTurns.send(chatbotId, body, {
      onMeta: (meta) => {
        onAccepted?.();
        if (isNew) onSessionStarted(meta);
        // Mask mode (spec §4): the question was stored and sent with its personal data masked.
        if (meta.masked?.length) {
          const kinds = meta.masked.map((c) => t(`errors.personalData.${c}`, { ns: 'common', defaultValue: c })).join(', ');
          notifications.show({ color: 'blue', message: t('masked', { kinds }), 'data-testid': 'chat-masked' } as Parameters<typeof notifications.show>[0]);
        }
        if (!visitor) void qc.invalidateQueries({ queryKey: queryKeys.sessions });
      },
      onRefused: (err) => {
        onRefused();
        showError(err);
        if (statusOf(err) === 402) refreshCredits();
      },
      onStreamError: showError,
      onDone: (turn) => {
        refreshCredits();
        if (!turn.meta || visitor) return;
        void settle(turn.meta.session_hash_id);
        if (isNew && turn.status === 'completed') onFirstAnswer?.(turn.meta.session_hash_id);
      },
    }, mode, files);
  };

  // A session whose answer is still being written (a reload, back from another session, another
  // tab): read the rest of it as it comes (issue 27 item 5). Once per answer: when nothing runs on
  // the server any more, the history keeps what was written.
  const history = useHistory(visitor ? undefined : sessionHashId);
  const tried = useRef(new Set<number>());
  useEffect(() => {
    if (visitor || !sessionHashId || chatbotId === undefined) return;
    const rows = history.data?.pages[0]?.items;
    const last = rows?.at(-1);
    if (!rows || !last || last.speaker_type !== 'chatbot' || last.status !== 'streaming' || tried.current.has(last.id)) return;
    if (liveTurns.get().some((turn) => turn.meta?.assistant_message_id === last.id)) return;
    tried.current.add(last.id);
    const before = rows.at(-2);
    const question = before?.speaker_type === 'member' ? before.text : '';
    const hash = sessionHashId;
    void liveTurns
      .reattach(chatbotId, hash, question, {
        onStreamError: showError,
        onDone: () => {
          refreshCredits();
          void settle(hash);
        },
      })
      .then((found) => {
        if (!found) void qc.invalidateQueries({ queryKey: queryKeys.history(hash) });
      });
    // showError, refreshCredits and settle read only stable values.
  }, [history.data, sessionHashId, chatbotId, visitor]);

  return { turns, streaming: turns.some(inFlight), send, stop: liveTurns.stop };
}
