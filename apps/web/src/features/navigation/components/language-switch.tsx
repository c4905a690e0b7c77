import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES, setLanguage } from '../../../lib/i18n';
import { useAuth } from '../../../lib/use-auth';
import { useUpdateMember } from '../../members/api/update-member';

const NAMES: Record<(typeof LANGUAGES)[number], string> = { ko: '한국어', en: 'English', zh: '中文', ja: '日本語', es: 'Español' };

/** Switches the interface language and saves it to the member's record when signed in. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { i18n, t } = useTranslation();
  const { member } = useAuth();
  const update = useUpdateMember();
  return (
    <NativeSelect
      aria-label={t('nav:language')}
      data-testid="language-switch"
      size="xs"
      w={compact ? 130 : '100%'}
      leftSection={<IconLanguage size={14} />}
      value={i18n.language}
      data={LANGUAGES.map((l) => ({ value: l, label: NAMES[l] }))}
      onChange={(e) => {
        const v = e.currentTarget.value;
        if (!isLanguage(v)) return;
        void setLanguage(v);
        if (member && member.language !== v) update.mutate({ id: member.id, body: { language: v } });
      }}
    />
  );
}
