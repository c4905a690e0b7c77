import { ActionIcon, Box, Button, Group, NativeSelect, Paper, Switch, Text, Textarea } from '@mantine/core';
import { CHAT_TEXT_MAX_CHARS } from '@app/contracts/chat-limits';
import type { LlmModel } from '@app/contracts/llm-models';
import type { TaskMode } from '@app/contracts/task-modes';
import { IconArrowUp, IconPaperclip, IconPlayerStopFilled, IconX } from '@tabler/icons-react';
import { lazy, type MouseEvent, Suspense, useRef, useState } from 'react';
import type { Attachments } from '../hooks/use-attachments';
import { useTranslation } from 'react-i18next';
import { modelName } from '../lib/chatbot-texts';
import { ModelInfoButton } from './model-info-button';

// The model's details, the context ring and the files bar load after the first paint, with the
// positioning library their popover and tooltips need (007); the files bar shows only once files are picked.
const ModelInfoPopover = lazy(() => import('./model-info'));
const ContextUsage = lazy(() => import('./context-usage'));
const AttachmentBar = lazy(() => import('./attachment-bar').then((m) => ({ default: m.AttachmentBar })));

export interface ChatInputProps {
  value: string;
  onChange: (v: string) => void;
  onSend: () => void;
  onStop: () => void;
  streaming: boolean;
  disabled: boolean;
  /** Default chatbots only: the model picker. */
  models: LlmModel[] | null;
  modelId: number | null;
  onModelChange: (id: number) => void;
  thinkingAvailable: boolean;
  thinking: boolean;
  onThinkingChange: (on: boolean) => void;
  /** The tenant's active task modes (members' chat only); none = no mode control. */
  taskModes?: TaskMode[] | undefined;
  /** The chosen mode: it stays chosen for the following messages until removed. */
  taskMode?: TaskMode | null;
  onTaskModeChange?: (id: number | null) => void;
  /** The next message's files (members: picked here or dropped on the chat); none = no attaching. */
  attachments?: Attachments | undefined;
  /** The web search switch, when the model can search (issue 27 item 1). */
  webSearch?: { on: boolean; onChange: (on: boolean) => void } | undefined;
  /** The model answering, for its details (spec §3 Model info) beside the picker. */
  modelInfo?: LlmModel | undefined;
  /** Tokens the next question would send (history, attachments, the text) against the model's limit. */
  contextUsage?: { used: number; limit: number } | undefined;
  /** Files picked with the paperclip (the screen checks and uploads them). */
  onFiles?: (files: File[]) => void;
}

/** Spec §3 Model info (model-info.tsx). A click on the stand-in while its chunk loads opens it once loaded. */
function ModelInfo({ model }: { model: LlmModel }) {
  const [clicked, setClicked] = useState(false);
  return (
    <Suspense fallback={<ModelInfoButton model={model} onClick={() => setClicked(true)} />}>
      <ModelInfoPopover model={model} opened={clicked} />
    </Suspense>
  );
}

/** A mode's name in the interface language: Korean for ko, else English. */
const taskModeName = (mode: TaskMode, language: string) => (language === 'ko' ? mode.ko_name : mode.en_name);

/**
 * Task modes as a native select (already in the chat's bundle, light and keyboard-friendly); the
 * chosen one shows in its place as a chip whose click removes it.
 */
function TaskModeControl({ modes, chosen, onChange }: { modes: TaskMode[]; chosen: TaskMode | null; onChange: (id: number | null) => void }) {
  const { t, i18n } = useTranslation('chat');
  if (chosen) {
    const name = taskModeName(chosen, i18n.language);
    return (
      <Button
        size="compact-xs"
        variant="light"
        radius="xl"
        miw={0}
        rightSection={<IconX size={12} aria-hidden />}
        onClick={() => onChange(null)}
        aria-label={t('taskMode.remove', { name })}
        title={t('taskMode.remove', { name })}
        data-testid="task-mode-chip"
        styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
        style={{ flexShrink: 1 }}
      >
        {name}
      </Button>
    );
  }
  return (
    <NativeSelect
      size="xs"
      miw={0}
      maw={180}
      aria-label={t('taskMode.label')}
      data-testid="task-mode-picker"
      value=""
      onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
      data={[{ value: '', label: t('taskMode.none') }, ...modes.map((m) => ({ value: String(m.id), label: taskModeName(m, i18n.language) }))]}
    />
  );
}

/** The counter shows from this share of the message limit on (spec §8 413: the member sees it coming). */
const COUNTER_FROM = 0.8;
/**
 * The Stop button takes Send's place: the second click of a double click on Send (a click count
 * above 1), or any click this soon after the send, does not stop the answer just asked for.
 */
const STOP_GRACE_MS = 400;

/** The message's length against the limit, once it nears it; over it, why the send will be refused. */
function CharCounter({ length }: { length: number }) {
  const { t, i18n } = useTranslation('chat');
  if (length < CHAT_TEXT_MAX_CHARS * COUNTER_FROM) return null;
  const over = length > CHAT_TEXT_MAX_CHARS;
  const format = (n: number) => n.toLocaleString(i18n.language);
  return (
    <Group gap="xs" justify="flex-end" px="xs" wrap="wrap" data-testid="chat-char-counter" data-over={over}>
      {over ? (
        <Text size="xs" c="red" data-testid="chat-too-long">
          {t('tooLong')}
        </Text>
      ) : null}
      <Text size="xs" c={over ? 'red' : 'dimmed'} fw={over ? 600 : undefined} aria-label={t('charCountLabel', { used: format(length), max: format(CHAT_TEXT_MAX_CHARS) })}>
        {format(length)} / {format(CHAT_TEXT_MAX_CHARS)}
      </Text>
    </Group>
  );
}

export function ChatInput(p: ChatInputProps) {
  const { t } = useTranslation('chat');
  const picker = useRef<HTMLInputElement>(null);
  const sentAt = useRef(0);
  const busy = p.attachments?.busy ?? false;
  const send = () => {
    sentAt.current = Date.now();
    p.onSend();
  };
  const stop = (e: MouseEvent<HTMLButtonElement>) => {
    if (e.detail > 1 || Date.now() - sentAt.current < STOP_GRACE_MS) return;
    p.onStop();
  };
  return (
    <Paper withBorder radius="lg" p="xs" shadow="xs" className="chat-composer">
      {p.attachments?.items.length ? (
        <Suspense fallback={null}>
          <AttachmentBar attachments={p.attachments} />
        </Suspense>
      ) : null}
      <Textarea
        variant="unstyled"
        autosize
        minRows={1}
        maxRows={8}
        placeholder={t('placeholder')}
        aria-label={t('inputLabel')}
        value={p.value}
        disabled={p.disabled}
        onChange={(e) => p.onChange(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            if (p.value.trim() && !busy) send();
          }
        }}
        data-testid="chat-input"
        px="xs"
      />
      <CharCounter length={p.value.length} />
      <Group justify="space-between" mt={4} wrap="nowrap">
        {/* On a phone the controls wrap onto a second line rather than squeezing the model's name away. */}
        <Group gap="sm" wrap="wrap" miw={0} flex={1} style={{ rowGap: 6 }}>
          {p.attachments ? (
            <>
              <ActionIcon variant="subtle" color="gray" onClick={() => picker.current?.click()} aria-label={t('files.attach')} title={t('files.attach')} data-testid="attach-button" disabled={p.disabled}>
                <IconPaperclip size={18} />
              </ActionIcon>
              <input
                ref={picker}
                type="file"
                multiple
                hidden
                accept={p.attachments.accept}
                data-testid="attach-input"
                onChange={(e) => {
                  const list = Array.from(e.currentTarget.files ?? []);
                  e.currentTarget.value = '';
                  p.onFiles?.(list);
                }}
              />
            </>
          ) : null}
          {p.models ? (
            <NativeSelect
              size="xs"
              flex={1}
              maw={240}
              miw={120}
              aria-label={t('model')}
              data-testid="model-picker"
              value={p.modelId ? String(p.modelId) : ''}
              onChange={(e) => p.onModelChange(Number(e.currentTarget.value))}
              data={p.models.map((m) => ({
                value: String(m.id),
                // An image model is marked as such (issue 27 item 2): it answers with images.
                label: [modelName(m, t), m.supports_image_generation ? t('imageModel') : null, m.is_available ? null : t('modelUnavailable')].filter(Boolean).join(' — '),
                disabled: !m.is_available,
              }))}
            />
          ) : null}
          {p.taskModes?.length && p.onTaskModeChange ? <TaskModeControl modes={p.taskModes} chosen={p.taskMode ?? null} onChange={p.onTaskModeChange} /> : null}
          {p.modelInfo ? <ModelInfo model={p.modelInfo} /> : null}
          {p.webSearch ? (
            <Switch size="xs" label={t('webSearch')} checked={p.webSearch.on} onChange={(e) => p.webSearch?.onChange(e.currentTarget.checked)} data-testid="web-search-toggle" />
          ) : null}
          {p.thinkingAvailable ? (
            <Switch size="xs" label={t('thinkingMode')} checked={p.thinking} onChange={(e) => p.onThinkingChange(e.currentTarget.checked)} data-testid="thinking-toggle" />
          ) : null}
        </Group>
        <Group gap={6} wrap="nowrap">
        {p.contextUsage ? (
          // The ring's place is kept while it loads: the buttons beside it do not move.
          <Suspense fallback={<Box w={28} h={28} />}>
            <ContextUsage used={p.contextUsage.used} limit={p.contextUsage.limit} />
          </Suspense>
        ) : null}
        {p.streaming ? (
          <ActionIcon size="lg" radius="xl" color="dark" onClick={stop} aria-label={t('stop')} title={t('stop')} data-testid="chat-stop">
            <IconPlayerStopFilled size={16} />
          </ActionIcon>
        ) : (
          <ActionIcon size="lg" radius="xl" onClick={send} disabled={!p.value.trim() || p.disabled || busy} aria-label={t('send')} title={busy ? t('files.waiting') : t('send')} data-testid="chat-send">
            <IconArrowUp size={18} />
          </ActionIcon>
        )}
        </Group>
      </Group>
    </Paper>
  );
}
