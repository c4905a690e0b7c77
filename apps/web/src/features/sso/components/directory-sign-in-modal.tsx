import type { DirectoryVerifyResponse, PublicSsoPlatform, SsoIdentityResponse, VerificationMethod } from '@app/contracts/sso';
import { Alert, Button, Modal, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ssoErrorMessage } from '../../../lib/sso';
import { useDirectorySendCode } from '../api/directory-send-code';
import { useDirectoryVerify } from '../api/directory-verify';

type CodeStep = Extract<DirectoryVerifyResponse, { sso_status: 'code_required' }>;

interface Props {
  platform: PublicSsoPlatform;
  onClose: () => void;
  onDone: (res: SsoIdentityResponse) => void;
}

/**
 * A directory sign-in (spec §2 SSO sign-in, SMS verification, choose verification method): the id and
 * password are checked by a bind, then a code goes by email or SMS and completes it.
 */
export function DirectorySignInModal({ platform, onClose, onDone }: Props) {
  const { t } = useTranslation('sso');
  const verify = useDirectoryVerify();
  const sendCode = useDirectorySendCode();
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const [method, setMethod] = useState<VerificationMethod>(platform.verification_method);
  const [step, setStep] = useState<CodeStep | null>(null);
  const [code, setCode] = useState('');
  const [destination, setDestination] = useState<string | null>(null);

  const bind = () =>
    verify.mutate(
      { id: platform.id, body: { user_id: userId.trim(), user_pw: password, method } },
      {
        onSuccess: (res) => {
          if (res.sso_status !== 'code_required') return onDone(res);
          setStep(res);
          setPassword('');
        },
      },
    );
  const send = () =>
    step && sendCode.mutate({ id: platform.id, method, user_id: userId.trim(), verification_id: step.verification_id }, { onSuccess: (r) => setDestination(r.destination) });
  const complete = () =>
    step &&
    verify.mutate(
      { id: platform.id, body: { code: code.trim(), verification_id: step.verification_id, auth_token: step.auth_token } },
      { onSuccess: (res) => res.sso_status !== 'code_required' && onDone(res) },
    );
  const failure = verify.error ?? sendCode.error;

  return (
    <Modal opened onClose={onClose} title={t('directory.title', { name: platform.name })} centered closeButtonProps={{ 'aria-label': t('common:close') }} data-testid="directory-modal">
      <Stack>
        {!step ? (
          <>
            <TextInput label={t('directory.userId')} value={userId} onChange={(e) => setUserId(e.currentTarget.value)} autoComplete="username" data-testid="directory-user-id" />
            <PasswordInput label={t('directory.password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="current-password" data-testid="directory-password" />
            <div>
              <Text size="sm" fw={500} mb={4}>
                {t('directory.method')}
              </Text>
              <SegmentedControl
                fullWidth
                value={method}
                onChange={(v) => setMethod(v === 'sms' ? 'sms' : 'email')}
                data={[
                  { value: 'email', label: t('directory.methods.email') },
                  { value: 'sms', label: t('directory.methods.sms') },
                ]}
                data-testid="directory-method"
              />
            </div>
            <Button onClick={bind} loading={verify.isPending} disabled={!userId.trim() || !password} data-testid="directory-continue">
              {t('directory.continue')}
            </Button>
          </>
        ) : (
          <>
            <Text size="sm">{t(method === 'sms' ? 'directory.codeBySms' : 'directory.codeByEmail', { destination: destination ?? step.destination })}</Text>
            <Button variant="light" onClick={send} loading={sendCode.isPending} data-testid="directory-send-code">
              {destination ? t('directory.resend') : t('directory.sendCode')}
            </Button>
            <TextInput
              label={t('directory.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              data-testid="directory-code"
            />
            <Button onClick={complete} loading={verify.isPending} disabled={!/^\d{6}$/.test(code.trim())} data-testid="directory-verify">
              {t('directory.verify')}
            </Button>
          </>
        )}
        {failure ? (
          <Alert color="red" py="xs" data-testid="directory-error">
            {ssoErrorMessage(t, failure)}
          </Alert>
        ) : null}
      </Stack>
    </Modal>
  );
}
