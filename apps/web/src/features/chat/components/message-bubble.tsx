import { Alert, Badge, Box, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/markdown/markdown';
import { shownCredits } from '../lib/chatbot-texts';
import type { BubbleMessage } from '../lib/live-turn';
import { answerSegments } from '../lib/tool-calls';

// Only thinking-mode answers have reasoning: the accordion stays out of the chat's initial load.
const Reasoning = lazy(() => import('./reasoning'));
// Files, images and sources load with the first message that has them: their modals, tooltips and
// hover cards (the positioning library, the scroll lock) stay out of the chat's initial load (007).
const MessageFiles = lazy(() => import('./message-files').then((m) => ({ default: m.MessageFiles })));
const AnswerImages = lazy(() => import('./answer-images').then((m) => ({ default: m.AnswerImages })));
const AnswerSources = lazy(() => import('./answer-sources').then((m) => ({ default: m.AnswerSources })));
// Tool call cards load with the first answer that made calls (agent steps, decision 050).
const ToolCallCards = lazy(() => import('./tool-call-cards'));

/** An answer's text with its tool calls' cards where they were made: text before, the cards, text after. */
function AnswerBody({ m }: { m: BubbleMessage }) {
  if (m.toolCalls.length === 0) return <Markdown text={m.text} />;
  return (
    <>
      {answerSegments(m.text, m.toolCalls).map((s) =>
        s.kind === 'text' ? (
          <Markdown key={s.key} text={s.text} />
        ) : (
          <Suspense key={s.key} fallback={null}>
            <ToolCallCards calls={s.calls} />
          </Suspense>
        ),
      )}
    </>
  );
}

/** Under a finished answer, quietly: the model that wrote it and the credits it cost (spec §3). */
function AnswerMeta({ m, modelNames, showCredits }: { m: BubbleMessage; modelNames: ReadonlyMap<number, string>; showCredits: boolean }) {
  const { t } = useTranslation('chat');
  const model = (m.modelId !== null ? modelNames.get(m.modelId) : undefined) ?? m.modelName;
  const shown = m.credits === null || !showCredits ? null : shownCredits(m.credits);
  const credits = shown === null ? null : shown === '<1' ? t('answer.creditsUnderOne') : t('answer.credits', { count: shown });
  const parts = [model, credits].filter((x): x is string => !!x);
  if (parts.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" mt={4} data-testid="answer-meta">
      {parts.join(' · ')}
    </Text>
  );
}

/** `showCredits` false: a visitor's chat and a shared session, where what an answer cost is not the reader's. */
export const MessageBubble = memo(function MessageBubble({
  m,
  modelNames,
  showCredits = true,
  imageModelIds,
}: {
  m: BubbleMessage;
  modelNames: ReadonlyMap<number, string>;
  showCredits?: boolean;
  /** Image generation models: a live answer of theirs is an image on its way. */
  imageModelIds?: ReadonlySet<number> | undefined;
}) {
  const { t } = useTranslation('chat');
  if (m.role === 'member') {
    return (
      <Stack gap={4} align="flex-end">
        {m.files.length > 0 ? (
          <Suspense fallback={null}>
            <MessageFiles files={m.files} />
          </Suspense>
        ) : null}
        <Paper bg="indigo.0" px="md" py="xs" radius="lg" maw="80%" data-testid="chat-message-user">
          <Text style={{ whiteSpace: 'pre-wrap' }}>{m.text}</Text>
        </Paper>
      </Stack>
    );
  }
  const live = m.status === 'sending' || m.status === 'streaming';
  return (
    <Box maw="100%" data-testid="chat-message-assistant" data-status={m.status}>
      {m.reasoning ? (
        <Suspense fallback={null}>
          <Reasoning text={m.reasoning} open={live} />
        </Suspense>
      ) : null}
      {m.text || m.toolCalls.length > 0 ? <AnswerBody m={m} /> : null}
      {m.text ? null : live && !m.toolCalls.some((c) => c.status === 'running') ? (
        <Text c="dimmed" data-testid="answer-waiting">
          {m.modelId !== null && imageModelIds?.has(m.modelId) ? t('images.generating') : t('thinking')}
        </Text>
      ) : null}
      {m.files.some((f) => f.type.startsWith('image/')) ? (
        <Suspense fallback={null}>
          <AnswerImages files={m.files} />
        </Suspense>
      ) : null}
      {m.notice ? (
        <Alert variant="light" color="yellow" p="xs" mt={6} icon={<IconInfoCircle size={16} />} data-testid="answer-notice" data-notice={m.notice}>
          {t(`notice.${m.notice}`)}
        </Alert>
      ) : null}
      {m.status === 'stopped' ? (
        <Badge variant="light" color="gray" mt={4}>
          {t('stopped')}
        </Badge>
      ) : null}
      {m.status === 'interrupted' ? (
        <Badge variant="light" color="orange" mt={4}>
          {t('interrupted')}
        </Badge>
      ) : null}
      {m.status === 'failed' ? (
        <Badge variant="light" color="red" mt={4}>
          {t('failed')}
        </Badge>
      ) : null}
      {m.sources.length > 0 ? (
        <Suspense fallback={null}>
          <AnswerSources sources={m.sources} />
        </Suspense>
      ) : null}
      {live ? null : <AnswerMeta m={m} modelNames={modelNames} showCredits={showCredits} />}
    </Box>
  );
});
