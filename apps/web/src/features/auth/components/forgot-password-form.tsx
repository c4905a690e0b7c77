import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, type MessageOverrides } from '../../../lib/status-messages';
import { useResetPassword } from '../api/reset-password';
import { useCountdown } from '../hooks/use-countdown';
import { isEmail, requestLanguage } from '../lib/form-rules';
import { resendDelay } from '../lib/resend';

/** Spec §8 reset password: its own mail and server texts; 400 and 429 read as their codes'. */
const resetErrors: MessageOverrides = { 424: 'auth:forgot.errors.424', 500: 'auth:forgot.errors.500' };

/**
 * Forgot password: a temporary password is mailed; signing in with it asks for a new one. The
 * answer never tells whether the address is registered, and neither does this screen.
 */
export function ForgotPasswordForm({ onSignIn }: { onSignIn: () => void }) {
  const { t, i18n } = useTranslation('auth');
  const reset = useResetPassword();
  const countdown = useCountdown();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validateInputOnBlur: true,
    validate: { email: (v) => (isEmail(v) ? null : t('signIn.invalidEmail')) },
  });

  const submit = form.onSubmit(({ email }) => {
    const address = email.trim().toLowerCase();
    reset.mutate(
      { email: address, language: requestLanguage(i18n.language) },
      {
        onSuccess: () => setSentTo(address),
        onError: (err) => {
          const wait = resendDelay(err);
          if (wait) countdown.start(wait);
        },
      },
    );
  });
  const waiting = countdown.remaining > 0;

  return (
    <form onSubmit={submit} noValidate data-testid="forgot-form">
      <Stack gap="md">
        <div>
          <Title order={2}>{t('forgot.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('forgot.description')}
          </Text>
        </div>
        {sentTo ? (
          <Alert color="teal" icon={<IconMailCheck size={16} />} data-testid="forgot-sent">
            {t('forgot.sent', { email: sentTo })}
          </Alert>
        ) : null}
        {reset.isError ? (
          <Alert color="red" data-testid="forgot-error">
            {errorMessage(t, reset.error, resetErrors)}
          </Alert>
        ) : null}
        <TextInput label={t('signIn.email')} type="email" autoComplete="email" withAsterisk data-testid="forgot-email" {...form.getInputProps('email')} />
        <Button type="submit" loading={reset.isPending} disabled={waiting} fullWidth data-testid="forgot-submit">
          {waiting ? t('signUp.resendIn', { seconds: countdown.remaining }) : t(sentTo ? 'forgot.again' : 'forgot.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onSignIn} ta="center" data-testid="go-sign-in">
          {t('forgot.back')}
        </Anchor>
      </Stack>
    </form>
  );
}
