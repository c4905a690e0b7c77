import type { ToolCallRecord } from '@app/contracts/tools';
import { Box, Code, Collapse, Group, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconCircleCheck, IconPlayerStop } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageFiles } from './message-files';

/** The arguments as they read best: JSON pretty-printed, a string the model wrote as it is. */
function shownInput(input: unknown): string {
  return typeof input === 'string' ? input : JSON.stringify(input, null, 2);
}

/** A result that is JSON (most tools answer so) pretty-printed too; any other text as it is. */
function shownOutput(output: string): string {
  if (!/^\s*[[{]/.test(output)) return output;
  try {
    return JSON.stringify(JSON.parse(output), null, 2);
  } catch {
    return output;
  }
}

function StatusIcon({ status }: { status: ToolCallRecord['status'] }) {
  if (status === 'running') return <Loader size={14} aria-hidden />;
  if (status === 'done') return <IconCircleCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />;
  if (status === 'error') return <IconAlertTriangle size={16} color="var(--mantine-color-red-7)" aria-hidden />;
  return <IconPlayerStop size={16} color="var(--mantine-color-gray-6)" aria-hidden />;
}

/** Monospace text that scrolls inside the card rather than widening the chat (a phone's 375 px). */
function Block({ label, name, text, testId }: { label: string; name: string; text: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={600} c="dimmed">
        {label}
      </Text>
      {/* A scrolling region is reached by the keyboard too (axe: scrollable-region-focusable), and named after its call. */}
      <Code block tabIndex={0} role="region" aria-label={name} mah={240} style={{ overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid={testId}>
        {text}
      </Code>
    </Stack>
  );
}

/**
 * One tool call of an answer (an agent step, decision 050): the tool's name and how the call went
 * on a button that opens its arguments and result; files it made show below it at once.
 */
function ToolCallCard({ call }: { call: ToolCallRecord }) {
  const { t, i18n } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const name = t(`tools.names.${call.name}`, { defaultValue: call.name });
  const status = t(`tools.status.${call.status}`);
  const outputLabel = call.status === 'error' ? t('tools.error') : t('tools.output');
  const ms = call.duration_ms;
  const duration =
    ms === null ? null : ms < 1000 ? t('tools.ms', { value: ms.toLocaleString(i18n.language) }) : t('tools.seconds', { value: (ms / 1000).toLocaleString(i18n.language, { maximumFractionDigits: 1 }) });
  return (
    <Paper withBorder radius="md" px="sm" py={6} data-testid="tool-call" data-tool={call.name} data-status={call.status} maw="100%">
      <UnstyledButton
        w="100%"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={bodyId}
        data-testid="tool-call-toggle"
      >
        <Group gap="xs" wrap="nowrap">
          <StatusIcon status={call.status} />
          <Text size="sm" fw={500} truncate flex={1} miw={0}>
            {name}
          </Text>
          <Text size="xs" c={call.status === 'error' ? 'red.8' : 'dimmed'} style={{ flex: 'none' }} data-testid="tool-call-status">
            {duration && call.status !== 'running' ? `${status} · ${duration}` : status}
          </Text>
          <IconChevronDown size={14} aria-hidden style={{ flex: 'none', transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }} />
        </Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        <Stack gap="xs" pt="xs" id={bodyId} data-testid="tool-call-body">
          {call.input !== null && call.input !== undefined ? <Block label={t('tools.input')} name={`${name}: ${t('tools.input')}`} text={shownInput(call.input)} testId="tool-call-input" /> : null}
          {/* A stopped call's output is the server's own word for it: its translated status says it. */}
          {call.output !== null && call.status !== 'stopped' ? <Block label={outputLabel} name={`${name}: ${outputLabel}`} text={call.output ? shownOutput(call.output) : t('tools.noOutput')} testId="tool-call-output" /> : null}
        </Stack>
      </Collapse>
      {call.files.length > 0 ? (
        <Box pt={6}>
          <MessageFiles files={call.files} justify="flex-start" />
        </Box>
      ) : null}
    </Paper>
  );
}

/** The tool calls made at one point of an answer's text, one card each. Loaded with the first answer that has some (message-bubble). */
export default function ToolCallCards({ calls }: { calls: readonly ToolCallRecord[] }) {
  return (
    <Stack gap={6} my={6} data-testid="tool-calls">
      {calls.map((c) => (
        <ToolCallCard key={c.id} call={c} />
      ))}
    </Stack>
  );
}
