import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type AppLanguage, isLanguage, LANGUAGES, setLanguage } from '../lib/i18n';

/** Each language in its own words. */
export const LANGUAGE_NAMES: Record<AppLanguage, string> = { ko: '한국어', en: 'English', zh: '中文', ja: '日本語', es: 'Español' };

/** Switches the interface language; `onChange` hears the choice (the app saves it to the member's record). */
export function LanguageSwitch({ compact = false, onChange }: { compact?: boolean; onChange?: (lng: AppLanguage) => void }) {
  const { i18n, t } = useTranslation('common');
  return (
    <NativeSelect
      aria-label={t('language')}
      data-testid="language-switch"
      size="xs"
      w={compact ? 130 : '100%'}
      leftSection={<IconLanguage size={14} />}
      value={i18n.language}
      data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      onChange={(e) => {
        const v = e.currentTarget.value;
        if (!isLanguage(v)) return;
        void setLanguage(v);
        onChange?.(v);
      }}
    />
  );
}
