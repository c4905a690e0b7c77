import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** What a non-admin sees at /admin (spec §2: "this is a restricted access page"). */
export function RestrictedPage() {
  const { t } = useTranslation('admin');
  return (
    <Stack align="center" justify="center" h="100vh" gap="sm" p="lg" data-testid="restricted-page">
      <ThemeIcon size={64} radius="xl" color="red" variant="light">
        <IconLock size={32} />
      </ThemeIcon>
      <Title order={2}>{t('restricted.title')}</Title>
      <Text c="dimmed" ta="center" maw={420}>
        {t('restricted.body')}
      </Text>
      <Button component="a" href="/dashboard/chat" variant="light">
        {t('backToDashboard')}
      </Button>
    </Stack>
  );
}
