import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Studio, store and developers belong to later releases; their links already lead here. */
export default function ComingSoonPage({ page }: { page: 'studio' | 'store' | 'developers' }) {
  const { t } = useTranslation('nav');
  return (
    <Stack align="center" justify="center" h="70vh" gap="sm" p="lg">
      <ThemeIcon size={56} radius="xl" variant="light">
        <IconHourglass size={28} />
      </ThemeIcon>
      <Title order={2}>{t(`${page}.title`)}</Title>
      <Text c="dimmed" ta="center" maw={460}>
        {t(`${page}.description`)}
      </Text>
      <Text size="sm" c="dimmed">
        {t('comingSoon')}
      </Text>
    </Stack>
  );
}
