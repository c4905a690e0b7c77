import { Accordion, Text } from '@mantine/core';
import { IconBrain } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A thinking-mode answer's reasoning, collapsible; open while the answer is written. Loaded with the first reasoning (message-bubble). */
export default function Reasoning({ text, open }: { text: string; open: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <Accordion variant="contained" defaultValue={open ? 'r' : null} mb="xs" data-testid="chat-reasoning">
      <Accordion.Item value="r">
        <Accordion.Control icon={<IconBrain size={16} />}>
          <Text size="sm">{t('reasoning')}</Text>
        </Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {text}
          </Text>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
