import { Popover, Stack, Text } from '@mantine/core';
import type { LlmModel } from '@app/contracts/llm-models';
import { useTranslation } from 'react-i18next';
import { modelName } from '../lib/chatbot-texts';
import { ModelInfoButton } from './model-info-button';

/**
 * Spec §3 Model info: context limit, cost per 10K tokens, release date. Loaded after the chat
 * input (chat-input), with the positioning library its popover needs. `opened`: the stand-in was
 * clicked while this loaded; the popover opens at once and its button takes the focus back.
 */
export default function ModelInfo({ model, opened }: { model: LlmModel; opened: boolean }) {
  const { t, i18n } = useTranslation('chat');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Popover width={260} position="top-start" shadow="md" withArrow defaultOpened={opened}>
      <Popover.Target>
        <ModelInfoButton model={model} autoFocus={opened} />
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
