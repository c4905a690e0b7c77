import { Alert, Button, Group, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, type MessageOverrides } from '../../../lib/status-messages';
import { useSendCode } from '../api/send-code';
import { useCountdown } from '../hooks/use-countdown';
import { requestLanguage } from '../lib/form-rules';
import { resendDelay } from '../lib/resend';

const sendCodeErrors: MessageOverrides = { 409: 'auth:signUp.errors.alreadyMember' };

/**
 * The email and its mailed 6-digit code (spec §4): Send code, then Resend after the wait the
 * server names. `checkEmail` validates the email field and says whether it may be sent.
 */
export function SignUpEmailCode(p: { email: string; checkEmail: () => boolean; emailProps: GetInputPropsReturnType; codeProps: GetInputPropsReturnType; full: boolean }) {
  const { t, i18n } = useTranslation('auth');
  const sendCode = useSendCode();
  const countdown = useCountdown();
  const [sent, setSent] = useState<{ email: string; minutes: number } | null>(null);

  const onSendCode = () => {
    if (!p.checkEmail()) return;
    const email = p.email.trim().toLowerCase();
    sendCode.mutate(
      { email, language: requestLanguage(i18n.language) },
      {
        onSuccess: (res) => {
          setSent({ email, minutes: Math.round(res.expires_in / 60) });
          countdown.start(resendDelay(res) ?? 60);
        },
        onError: (err) => {
          const wait = resendDelay(err);
          if (wait) countdown.start(wait);
        },
      },
    );
  };

  const waiting = countdown.remaining > 0;
  const sendLabel = waiting ? t('signUp.resendIn', { seconds: countdown.remaining }) : sent ? t('signUp.resend') : t('signUp.sendCode');
  return (
    <>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput flex={1} label={t('signIn.email')} type="email" autoComplete="email" withAsterisk data-testid="sign-up-email" {...p.emailProps} />
        <Button mt={25} variant="light" onClick={onSendCode} loading={sendCode.isPending} disabled={waiting || p.full} miw={112} data-testid="send-code">
          {sendLabel}
        </Button>
      </Group>
      {sendCode.isError ? (
        <Alert color="red" py="xs" data-testid="send-code-error">
          {errorMessage(t, sendCode.error, sendCodeErrors)}
        </Alert>
      ) : sent ? (
        <Alert color="teal" py="xs" icon={<IconMailCheck size={16} />} data-testid="code-sent">
          {t('signUp.codeSent', { email: sent.email, minutes: sent.minutes })}
        </Alert>
      ) : null}
      <TextInput label={t('signUp.code')} description={t('signUp.codeHint')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} withAsterisk data-testid="sign-up-code" {...p.codeProps} />
    </>
  );
}
