import { Stack, Text, ThemeIcon, Title, Group } from '@mantine/core';
import { IconBrain, IconBuildingStore, IconMessages, IconPaperclip, IconPhoto, IconTools, IconWorldSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const FEATURES = [
  { key: 'models', icon: IconMessages },
  { key: 'studio', icon: IconTools },
  { key: 'store', icon: IconBuildingStore },
  { key: 'files', icon: IconPaperclip },
  { key: 'webSearch', icon: IconWorldSearch },
  { key: 'images', icon: IconPhoto },
  { key: 'thinking', icon: IconBrain },
] as const;

/** The seven feature headings of the sign-in page (spec §2). */
export function MarketingPanel() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="marketing-panel">
      <Title order={2} c="white">
        {t('auth:marketing.title')}
      </Title>
      {FEATURES.map(({ key, icon: Icon }) => (
        <Group key={key} align="flex-start" wrap="nowrap" gap="md">
          <ThemeIcon size={36} radius="md" variant="white" color="indigo">
            <Icon size={20} />
          </ThemeIcon>
          <div>
            <Title order={4} c="white">
              {t(`auth:marketing.features.${key}.title`)}
            </Title>
            <Text size="sm" c="white">
              {t(`auth:marketing.features.${key}.body`)}
            </Text>
          </div>
        </Group>
      ))}
    </Stack>
  );
}
