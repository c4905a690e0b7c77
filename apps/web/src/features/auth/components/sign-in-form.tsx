import { Alert, Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AppLanguage } from '../../../lib/i18n';
import { messageKeyFor, type MessageOverrides } from '../../../lib/status-messages';
import { useSignIn } from '../api/sign-in';

/** Spec §8 sign-in statuses. */
const signInErrors: MessageOverrides = {
  400: 'auth:signIn.errors.400',
  401: 'auth:signIn.errors.401',
  403: 'auth:signIn.errors.403',
  422: 'auth:signIn.errors.401',
  423: 'auth:signIn.errors.423',
  otherwise: 'auth:signIn.errors.500',
};

/** `language`: the one chosen on the sign-in page, saved to the member as they sign in. */
export function SignInForm({ language }: { language?: AppLanguage }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : t('auth:signIn.invalidEmail')),
      password: (v) => (v ? null : t('auth:signIn.passwordRequired')),
    },
  });
  const errorKey = signIn.isError ? messageKeyFor(signIn.error, signInErrors) : null;

  return (
    <form
      onSubmit={form.onSubmit((v) =>
        signIn.mutate({ email: v.email.trim(), password: v.password, ...(language && { language }) }, { onSuccess: () => navigate('/dashboard/chat', { replace: true }) }),
      )}
      noValidate
    >
      <Stack gap="md">
        <Title order={2}>{t('auth:signIn.title')}</Title>
        {errorKey ? (
          <Alert color="red" data-testid="sign-in-error">
            {t(errorKey)}
          </Alert>
        ) : null}
        <TextInput label={t('auth:signIn.email')} type="email" autoComplete="email" data-testid="sign-in-email" {...form.getInputProps('email')} />
        <PasswordInput label={t('auth:signIn.password')} autoComplete="current-password" data-testid="sign-in-password" {...form.getInputProps('password')} />
        <Button type="submit" loading={signIn.isPending} data-testid="sign-in-submit" fullWidth>
          {t('auth:signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
