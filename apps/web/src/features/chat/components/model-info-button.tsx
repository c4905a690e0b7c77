import { ActionIcon } from '@mantine/core';
import type { LlmModel } from '@app/contracts/llm-models';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { modelName } from '../lib/chatbot-texts';

/**
 * The button that opens the model's details: the popover's target (model-info), and the chat
 * input's stand-in while that chunk loads. The popover's target props (ref, handlers, aria) pass through.
 */
export function ModelInfoButton({ model, ...rest }: { model: LlmModel } & Omit<ComponentPropsWithRef<'button'>, 'color'>) {
  const { t } = useTranslation('chat');
  return (
    <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('modelInfo.open', { name: modelName(model, t) })} data-testid="model-info" {...rest}>
      <IconInfoCircle size={16} />
    </ActionIcon>
  );
}
