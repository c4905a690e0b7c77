import type { Chatbot } from '@app/contracts/chatbots';
import { Group, NativeSelect, Paper, SegmentedControl, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';
import { apiBaseUrl, buildSnippet, KEY_VARIABLE, SNIPPET_LANGUAGES, type SnippetLanguage } from '../lib/snippets';
import { CodeBlock } from './code-block';

/** The official OpenAI SDK for each language (curl needs nothing). */
const INSTALL: Record<SnippetLanguage, string | null> = { curl: null, python: 'pip install openai', javascript: 'npm install openai' };

/** The base URL, the model ids, and copyable curl, Python and JavaScript examples (OpenAI's SDKs) for a chatbot. */
export function ExamplesSection({ chatbots }: { chatbots: Chatbot[] | undefined }) {
  const { t, i18n } = useTranslation('developers');
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  const [stream, setStream] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const baseUrl = apiBaseUrl(window.location.origin);
  const model = picked ?? chatbots?.[0]?.hash_id ?? 'CHATBOT_ID';
  const snippet = buildSnippet(language, { baseUrl, model, prompt: t('examples.prompt'), stream });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="examples-title" data-testid="api-examples" miw={0}>
      <Stack gap="md">
        <div>
          <Title order={3} size="h4" id="examples-title">
            {t('examples.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('examples.description', { variable: KEY_VARIABLE })}
          </Text>
        </div>
        <CodeBlock code={baseUrl} label={t('examples.baseUrl')} testId="api-base-url" />
        <Group align="flex-end" gap="md" wrap="wrap">
          {chatbots === undefined ? (
            <Skeleton height={36} width={260} />
          ) : (
            <NativeSelect
              label={t('examples.model')}
              description={t('examples.modelHint')}
              value={model}
              onChange={(e) => setPicked(e.currentTarget.value)}
              data={chatbots.map((c) => ({ value: c.hash_id, label: `${localizedName(c, i18n.language)} — ${c.hash_id}` }))}
              w={{ base: '100%', xs: 360 }}
              data-testid="api-examples-model"
            />
          )}
          <SegmentedControl
            aria-label={t('examples.mode')}
            value={stream ? 'stream' : 'plain'}
            onChange={(v) => setStream(v === 'stream')}
            data={[
              { value: 'plain', label: t('examples.plain') },
              { value: 'stream', label: t('examples.stream') },
            ]}
            data-testid="api-examples-mode"
          />
        </Group>
        <Tabs value={language} onChange={(v) => v && setLanguage(v as SnippetLanguage)} keepMounted={false}>
          <Tabs.List>
            {SNIPPET_LANGUAGES.map((l) => (
              <Tabs.Tab key={l} value={l} data-testid={`api-examples-tab-${l}`}>
                {t(`examples.languages.${l}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {SNIPPET_LANGUAGES.map((l) => (
            <Tabs.Panel key={l} value={l} pt="md">
              <CodeBlock code={snippet} label={t('examples.codeLabel', { language: t(`examples.languages.${l}`), mode: t(stream ? 'examples.stream' : 'examples.plain') })} testId={`api-example-${l}`} />
            </Tabs.Panel>
          ))}
        </Tabs>
        {INSTALL[language] ? (
          <Stack gap={6}>
            <Text size="sm">{t('examples.install', { language: t(`examples.languages.${language}`) })}</Text>
            <CodeBlock code={INSTALL[language]} label={t('examples.installLabel')} testId="api-example-install" />
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
