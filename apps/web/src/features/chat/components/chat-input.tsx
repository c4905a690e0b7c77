import { ActionIcon, Button, Group, NativeSelect, Paper, Popover, RingProgress, Stack, Switch, Text, Textarea, Tooltip } from '@mantine/core';
import type { LlmModel } from '@app/contracts/llm-models';
import type { TaskMode } from '@app/contracts/task-modes';
import { IconArrowUp, IconInfoCircle, IconPaperclip, IconPlayerStopFilled, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import type { Attachments } from '../hooks/use-attachments';
import { AttachmentBar } from './attachment-bar';
import { useTranslation } from 'react-i18next';
import { modelName } from '../lib/chatbot-texts';

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

/** Tokens in thousands, for the context indicator (1.2K, 32K). */
const kTokens = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000)}K` : n >= 1000 ? `${(n / 1000).toFixed(1)}K` : String(n));

/** Spec §3 Model info: context limit, cost per 10K tokens, release date. */
function ModelInfo({ model }: { model: LlmModel }) {
  const { t, i18n } = useTranslation('chat');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Popover width={260} position="top-start" shadow="md" withArrow>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('modelInfo.open', { name: model.display_name })} data-testid="model-info">
          <IconInfoCircle size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4} data-testid="model-info-panel">
          <Text size="sm" fw={600}>
            {modelName(model, t)}
          </Text>
          <Text size="xs">{t('modelInfo.context', { tokens: number.format(model.context_limit) })}</Text>
          {model.supports_image_generation ? (
            <Text size="xs">{t('modelInfo.imageCost', { cost: number.format(model.image_cost) })}</Text>
          ) : (
            <Text size="xs">{t('modelInfo.cost', { input: number.format(model.input_cost_per_10k), output: number.format(model.output_cost_per_10k) })}</Text>
          )}
          {model.release_date ? <Text size="xs">{t('modelInfo.released', { date: new Date(`${model.release_date}T00:00:00Z`).toLocaleDateString(i18n.language, { timeZone: 'UTC' }) })}</Text> : null}
          {model.is_low_llm ? (
            <Text size="xs" c="teal.8">
              {t('modelInfo.lowCost')}
            </Text>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** How much of the model's context the next question would fill (spec §2 context usage indicator). */
function ContextUsage({ used, limit }: { used: number; limit: number }) {
  const { t } = useTranslation('chat');
  const percent = Math.min(100, Math.round((used / Math.max(1, limit)) * 100));
  const label = t('contextUsage', { used: kTokens(used), limit: kTokens(limit), percent });
  return (
    <Tooltip label={label}>
      <span role="img" aria-label={label} data-testid="context-usage" data-percent={percent}>
        <RingProgress size={28} thickness={3} roundCaps sections={[{ value: Math.max(percent, 2), color: percent >= 90 ? 'red' : percent >= 70 ? 'orange' : 'indigo' }]} />
      </span>
    </Tooltip>
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

export function ChatInput(p: ChatInputProps) {
  const { t } = useTranslation('chat');
  const picker = useRef<HTMLInputElement>(null);
  const busy = p.attachments?.busy ?? false;
  return (
    <Paper withBorder radius="lg" p="xs" shadow="xs" className="chat-composer">
      {p.attachments ? <AttachmentBar attachments={p.attachments} /> : null}
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
            if (p.value.trim() && !busy) p.onSend();
          }
        }}
        data-testid="chat-input"
        px="xs"
      />
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
        {p.contextUsage ? <ContextUsage used={p.contextUsage.used} limit={p.contextUsage.limit} /> : null}
        {p.streaming ? (
          <ActionIcon size="lg" radius="xl" color="dark" onClick={p.onStop} aria-label={t('stop')} title={t('stop')} data-testid="chat-stop">
            <IconPlayerStopFilled size={16} />
          </ActionIcon>
        ) : (
          <ActionIcon size="lg" radius="xl" onClick={p.onSend} disabled={!p.value.trim() || p.disabled || busy} aria-label={t('send')} title={busy ? t('files.waiting') : t('send')} data-testid="chat-send">
            <IconArrowUp size={18} />
          </ActionIcon>
        )}
        </Group>
      </Group>
    </Paper>
  );
}
