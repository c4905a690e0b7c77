import type { ChatMeta } from '@app/contracts/chat';
import type { LlmModel } from '@app/contracts/llm-models';
import type { TaskMode } from '@app/contracts/task-modes';
import { Box, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHistory } from '../api/get-history';
import type { ChatMode } from '../api/send-chat';
import { useFileSettings } from '../api/upload-file';
import { useWebSearchStatus } from '../api/get-web-search';
import { useAttachments } from '../hooks/use-attachments';
import { useChatTurn } from '../hooks/use-chat-turn';
import { type ChatbotView, modelName } from '../lib/chatbot-texts';
import { contextTokens } from '../lib/context-estimate';
import { inFlight, type LiveTurn } from '../lib/live-turn';
import { spokenText } from '../lib/spoken-text';
import { ChatHeader } from './chat-header';
import { ChatInput } from './chat-input';
import { ChatIntro } from './chat-intro';
import { MessageList } from './message-list';

export interface ChatScreenProps {
  /** The open chatbot (a member's Chatbot or a visitor's PublicChatbot); undefined while it loads. */
  chatbot: ChatbotView | undefined;
  /** The member's models: names for the line under each answer, and for default chatbots the model picker. */
  models: LlmModel[] | null;
  /** The open session (members: from the URL; a visitor's is kept by the screen itself). */
  sessionHashId?: string | undefined;
  /** The open session's saved title (null when untitled, undefined while it loads). */
  sessionTitle?: string | null | undefined;
  /** The first answer of a new chat: the server made its session. */
  onSessionStarted?: (meta: ChatMeta) => void;
  /** A new chat's first answer ended completed (use-chat-turn.ts). */
  onFirstAnswer?: (hash: string) => void;
  /** The header's controls for the open session (rename, delete). */
  sessionActions?: (session: { hash: string; title: string | null }) => ReactNode;
  /** Shown above the input (the credit warning). */
  notice?: ReactNode;
  /**
   * `test`: the studio's trial chat beside the form (its sessions stay out of My sessions).
   * `public`: a visitor on a public link: no history to load, no model picker, no credits shown;
   * the conversation lives on this page only.
   */
  mode?: ChatMode;
  /** The tenant's active task modes, offered in the input (the members' chat; the studio and public links pass none). */
  taskModes?: TaskMode[] | undefined;
}

/** The chat: header, messages, input. What it shows of chatbots, sessions and credits comes from the route. */
/** What a screen reader hears once an answer has ended (null while it streams). */
function endOfAnswer(turn: LiveTurn | undefined, t: (key: string) => string): string | null {
  if (!turn || inFlight(turn)) return null;
  if (turn.status === 'completed') return `${t('announce.answer')} ${spokenText(turn.text)}`;
  return t(turn.status === 'stopped' ? 'announce.stopped' : 'announce.failed');
}

/** The attachments' rough share of the context: an image 800 tokens, text a token per 4 bytes, a document 500 a page. */
function attachmentTokens(items: ReturnType<typeof useAttachments>['items']): number {
  return items.reduce(
    (n, a) => n + (a.type.startsWith('image/') ? 800 : a.file ? (a.file.kind === 'text' || a.file.kind === 'markdown' || a.file.kind === 'csv' ? Math.ceil(a.file.size / 4) : a.file.page_count * 500) : 0),
    0,
  );
}

function DropOverlay({ text }: { text: string }) {
  return (
    <Box pos="absolute" inset={0} style={{ zIndex: 10, border: '2px dashed var(--mantine-color-indigo-5)', borderRadius: 12, background: 'rgba(238, 242, 255, 0.85)', display: 'grid', placeItems: 'center', pointerEvents: 'none' }} data-testid="drop-overlay">
      <Text fw={600} c="indigo.8">
        {text}
      </Text>
    </Box>
  );
}

export function ChatScreen({ chatbot, models, sessionHashId: routeHash, sessionTitle, onSessionStarted, onFirstAnswer, sessionActions, notice, mode, taskModes }: ChatScreenProps) {
  const { t, i18n } = useTranslation('chat');
  const visitor = mode === 'public';
  // A visitor's conversation has no URL: the session the server made (x-chat-meta) is kept here and
  // sent back as session_hash_id, so the next question continues it.
  const [visitorHash, setVisitorHash] = useState<string | undefined>(undefined);
  const sessionHashId = visitor ? visitorHash : routeHash;
  const started = (meta: ChatMeta) => (visitor ? setVisitorHash(meta.session_hash_id) : onSessionStarted?.(meta));
  const chat = useChatTurn({ chatbotId: chatbot?.id, sessionHashId, onSessionStarted: started, onFirstAnswer, mode });
  const [input, setInput] = useState('');
  const [pickedModel, setPickedModel] = useState<number | null>(null);
  const [thinking, setThinking] = useState(false);
  const [pickedTaskMode, setPickedTaskMode] = useState<number | null>(null);
  // A mode switched off meanwhile drops out of the list, and so out of the choice.
  const taskMode = taskModes?.find((m) => m.id === pickedTaskMode) ?? null;
  // Streaming text is not read token by token: the polite region below speaks each answer once, when it ends.
  const [announced, setAnnounced] = useState<{ turn: number; text: string } | null>(null);
  const lastTurn = chat.turns.at(-1);
  const ended = endOfAnswer(lastTurn, t);
  if (lastTurn && ended && announced?.turn !== lastTurn.id) setAnnounced({ turn: lastTurn.id, text: ended });

  const pickerModels = chatbot?.is_default && !visitor ? models : null;
  const modelNames = useMemo(() => new Map((models ?? []).map((m) => [m.id, modelName(m, t)])), [models, t, i18n.language]);
  const imageModelIds = useMemo(() => new Set((models ?? []).filter((m) => m.supports_image_generation).map((m) => m.id)), [models]);
  const modelId = pickedModel ?? chatbot?.llm_model.id ?? null;
  const model = pickerModels?.find((m) => m.id === modelId);
  const supportsThinking = model ? model.supports_thinking : (chatbot?.llm_model.supports_thinking ?? false);
  // Until the session loads, the title the server gave the new session in the x-chat-meta header.
  const title = sessionTitle ?? chat.turns.find((turn) => turn.meta)?.meta?.session_title ?? null;

  // The answering model's details: vision for attachments, search, the context limit.
  const info = models?.find((m) => m.id === modelId);
  // Attachments (issue 25 item 4): members only (a visitor has no files of their own).
  const fileSettings = useFileSettings(!visitor);
  const attachments = useAttachments(fileSettings.data);
  const [dragging, setDragging] = useState(false);
  const addFiles = (list: File[]) => {
    if (visitor || list.length === 0) return;
    // An image for a model that cannot read it is refused on its chip (unknown model details: the server decides).
    for (const message of attachments.add(list, { images: info?.supports_vision ?? true })) notifications.show({ color: 'red', message, 'data-testid': 'attach-refused' } as Parameters<typeof notifications.show>[0]);
  };
  // Web search (issue 27 item 1): offered when the answering model can search and the tenant has search on.
  const modelSearches = !visitor && (info ? info.supports_web_search : (chatbot?.llm_model.supports_web_search ?? false));
  const searchStatus = useWebSearchStatus(modelSearches);
  const canSearch = modelSearches && searchStatus.data?.is_enabled === true;
  const [webSearch, setWebSearch] = useState(false);
  // Context usage (spec §2): the loaded history, the attachments and the text, against the model's limit.
  const history = useHistory(visitor ? undefined : sessionHashId);
  const contextLimit = info?.context_limit ?? chatbot?.llm_model.context_limit;
  // Pages come newest first, each oldest first: the rows in order.
  const historyRows = useMemo(() => [...(history.data?.pages ?? [])].reverse().flatMap((p) => p.items), [history.data]);
  const attachedTokens = attachmentTokens(attachments.items);
  const contextUsage = contextLimit && !visitor ? { used: contextTokens(historyRows, input.length, attachedTokens), limit: contextLimit } : undefined;

  const send = () => {
    const text = input.trim();
    if (!text || !chatbot || attachments.busy) return;
    setInput('');
    const { ids, files } = attachments.ready();
    chat.send(
      {
        text,
        session_hash_id: sessionHashId ?? null,
        thinking: supportsThinking && thinking,
        llm_model_id: chatbot.is_default && !visitor ? modelId : null,
        task_mode_id: taskMode?.id ?? null,
        file_ids: ids,
        web_search: canSearch && webSearch,
      },
      () => setInput(text),
      files,
      attachments.clear,
    );
  };

  return (
    <Stack
      h="100%"
      gap={0}
      pos="relative"
      onDragOver={(e) => {
        if (visitor || !e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(e) => {
        if (visitor) return;
        e.preventDefault();
        setDragging(false);
        addFiles(Array.from(e.dataTransfer.files));
      }}
      onKeyDown={(e) => {
        // Escape stops the answer being written (an open dialog, portalled outside, closes itself instead).
        if (e.key === 'Escape' && chat.streaming) {
          e.preventDefault();
          chat.stop();
        }
      }}
    >
      {dragging ? <DropOverlay text={t('files.drop', { max: attachments.max })} /> : null}
      <ChatHeader
        chatbot={chatbot}
        heading={sessionHashId && !visitor ? title || t('untitled') : null}
        modelName={model ? modelName(model, t) : undefined}
        actions={sessionHashId && sessionActions && !visitor ? sessionActions({ hash: sessionHashId, title }) : null}
      />
      <MessageList
        sessionHashId={sessionHashId}
        withHistory={!visitor}
        showCredits={!visitor}
        turns={chat.turns}
        intro={!sessionHashId && chat.turns.length === 0 && chatbot ? <ChatIntro chatbot={chatbot} /> : null}
        modelNames={modelNames}
        imageModelIds={imageModelIds}
      />
      <div className="visually-hidden" aria-live="polite" data-testid="chat-announcer">
        {announced?.text}
      </div>
      <Stack gap="xs" px={{ base: 'sm', sm: 'lg' }} pb={{ base: 'sm', sm: 'md' }} pt="xs" maw={860} w="100%" mx="auto">
        {notice}
        <ChatInput
          value={input}
          onChange={setInput}
          onSend={send}
          onStop={chat.stop}
          streaming={chat.streaming}
          disabled={!chatbot}
          models={pickerModels}
          modelId={modelId}
          onModelChange={setPickedModel}
          thinkingAvailable={supportsThinking}
          thinking={thinking}
          onThinkingChange={setThinking}
          taskModes={taskModes}
          taskMode={taskMode}
          onTaskModeChange={setPickedTaskMode}
          attachments={visitor ? undefined : attachments}
          onFiles={addFiles}
          webSearch={canSearch ? { on: webSearch, onChange: setWebSearch } : undefined}
          modelInfo={info}
          contextUsage={contextUsage}
        />
      </Stack>
    </Stack>
  );
}
