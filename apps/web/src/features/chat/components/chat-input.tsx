import { ActionIcon, Button, Group, NativeSelect, Paper, Switch, Textarea } from '@mantine/core';
import type { LlmModel } from '@app/contracts/llm-models';
import type { TaskMode } from '@app/contracts/task-modes';
import { IconArrowUp, IconPlayerStopFilled, IconX } from '@tabler/icons-react';
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
  return (
    <Paper withBorder radius="lg" p="xs" shadow="xs" className="chat-composer">
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
            if (p.value.trim()) p.onSend();
          }
        }}
        data-testid="chat-input"
        px="xs"
      />
      <Group justify="space-between" mt={4} wrap="nowrap">
        {/* On a phone the controls wrap onto a second line rather than squeezing the model's name away. */}
        <Group gap="sm" wrap="wrap" miw={0} flex={1} style={{ rowGap: 6 }}>
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
                label: m.is_available ? modelName(m, t) : `${modelName(m, t)} — ${t('modelUnavailable')}`,
                disabled: !m.is_available,
              }))}
            />
          ) : null}
          {p.taskModes?.length && p.onTaskModeChange ? <TaskModeControl modes={p.taskModes} chosen={p.taskMode ?? null} onChange={p.onTaskModeChange} /> : null}
          {p.thinkingAvailable ? (
            <Switch size="xs" label={t('thinkingMode')} checked={p.thinking} onChange={(e) => p.onThinkingChange(e.currentTarget.checked)} data-testid="thinking-toggle" />
          ) : null}
        </Group>
        {p.streaming ? (
          <ActionIcon size="lg" radius="xl" color="dark" onClick={p.onStop} aria-label={t('stop')} title={t('stop')} data-testid="chat-stop">
            <IconPlayerStopFilled size={16} />
          </ActionIcon>
        ) : (
          <ActionIcon size="lg" radius="xl" onClick={p.onSend} disabled={!p.value.trim() || p.disabled} aria-label={t('send')} title={t('send')} data-testid="chat-send">
            <IconArrowUp size={18} />
          </ActionIcon>
        )}
      </Group>
    </Paper>
  );
}
