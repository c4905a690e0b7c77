import { Box, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useKeyChatbots } from '../../features/api-keys/api/list-key-chatbots';
import { ApiKeysSection } from '../../features/api-keys/components/api-keys-section';
import { ExamplesSection } from '../../features/api-keys/components/examples-section';

/** /dashboard/developers: the member's API keys and how to call chatbots through the OpenAI-compatible API. */
export default function DevelopersPage() {
  const { t } = useTranslation('developers');
  const chatbots = useKeyChatbots();
  const items = chatbots.data?.items;

  return (
    <Box h="100%" style={{ overflowY: 'auto' }}>
      <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} maw={1200} data-testid="developers-page">
        <div>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed">{t('description')}</Text>
          <List size="sm" mt="sm" spacing={4} c="dimmed">
            <List.Item>{t('points.models')}</List.Item>
            <List.Item>{t('points.usage')}</List.Item>
            <List.Item>{t('points.secret')}</List.Item>
          </List>
        </div>
        <ApiKeysSection chatbots={items} />
        <ExamplesSection chatbots={items} />
      </Stack>
    </Box>
  );
}
