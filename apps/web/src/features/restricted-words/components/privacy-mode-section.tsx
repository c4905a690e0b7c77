import { Group, List, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEyeOff, IconHandStop, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PrivacyMode } from '../lib/words';

const MODES = [
  { mode: 'off', icon: IconShieldCheck },
  { mode: 'block', icon: IconHandStop },
  { mode: 'mask', icon: IconEyeOff },
] as const;

/** Spec §9: what block mode refuses, and what mask mode replaces. */
const ITEMS: Record<PrivacyMode, readonly string[]> = {
  off: [],
  block: ['phone', 'email', 'idNumber', 'card'],
  mask: ['phone', 'residentId', 'card', 'email', 'address', 'birthDate', 'foreignerId', 'vehicle', 'driverLicense', 'passport'],
};

/** Off, block or mask: never both (spec §4). */
export function PrivacyModeSection({ mode, onChange }: { mode: PrivacyMode; onChange: (mode: PrivacyMode) => void }) {
  const { t } = useTranslation('restricted-words');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="privacy-mode-heading" data-testid="privacy-mode-section">
      <Stack gap="md">
        <div>
          <Title order={3} id="privacy-mode-heading">
            {t('privacy.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('privacy.description')}
          </Text>
        </div>
        <Radio.Group value={mode} onChange={(v) => onChange(v as PrivacyMode)} aria-labelledby="privacy-mode-heading" data-testid="privacy-mode">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {MODES.map(({ mode: m, icon: Icon }) => (
              <Radio.Card key={m} value={m} radius="md" p="md" data-testid={`privacy-mode-${m}`} style={{ height: '100%', display: 'flex', alignItems: 'flex-start', textAlign: 'start' }}>
                <Stack gap="xs" w="100%">
                  <Group gap="sm" wrap="nowrap" align="center">
                    <Radio.Indicator />
                    <Icon size={18} aria-hidden />
                    <Text fw={600}>{t(`privacy.${m}.label`)}</Text>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t(`privacy.${m}.description`)}
                  </Text>
                  {ITEMS[m].length > 0 ? (
                    <List size="sm" spacing={2}>
                      {ITEMS[m].map((item) => (
                        <List.Item key={item}>{t(`privacy.items.${item}`)}</List.Item>
                      ))}
                    </List>
                  ) : null}
                  {m === 'mask' ? (
                    <Text size="sm" fw={600}>
                      {t('privacy.mask.cost')}
                    </Text>
                  ) : null}
                </Stack>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
      </Stack>
    </Paper>
  );
}
