import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation('nav');
  return (
    <Stack align="center" justify="center" h="100vh" gap="sm">
      <Title order={1}>404</Title>
      <Text c="dimmed">{t('notFound')}</Text>
      <Anchor component={Link} to="/dashboard/chat">
        {t('backToChat')}
      </Anchor>
    </Stack>
  );
}
