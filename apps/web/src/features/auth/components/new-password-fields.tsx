import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** A new password (with the §4 rule under it) and its confirmation, as sign-up and an invitation ask them. */
export function NewPasswordFields(p: { label: string; testIdPrefix: string; password: GetInputPropsReturnType; confirm: GetInputPropsReturnType }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <PasswordInput label={p.label} description={t('signUp.passwordRule')} autoComplete="new-password" withAsterisk data-testid={`${p.testIdPrefix}-password`} {...p.password} />
      <PasswordInput label={t('signUp.confirm')} autoComplete="new-password" withAsterisk data-testid={`${p.testIdPrefix}-confirm`} {...p.confirm} />
    </>
  );
}
