import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The end of a sign-up an administrator still has to approve (spec §4). */
export function SignUpPending({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <Stack align="center" gap="sm" py="md" data-testid="sign-up-pending">
      <ThemeIcon size={56} radius="xl" variant="light">
        <IconHourglassHigh size={28} />
      </ThemeIcon>
      <Title order={2} ta="center">
        {t('signUp.pending.title')}
      </Title>
      <Text c="dimmed" ta="center" size="sm">
        {t('signUp.pending.body')}
      </Text>
      <Button variant="light" onClick={onSignIn} mt="xs" data-testid="pending-sign-in">
        {t('signUp.pending.back')}
      </Button>
    </Stack>
  );
}
