import type { SsoIdentityResponse } from '@app/contracts/sso';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pendingSso, ssoErrorMessage } from '../../../lib/sso';
import { adoptSession } from '../adopt-session';
import { ssoSignIn } from '../api/sso-sign-in';

export type SsoSignUpIdentity = Extract<SsoIdentityResponse, { sso_status: 'sign_up_required' }>;

interface Props {
  code: string;
  state: string;
  iss: string | null;
  /** The SSO sign-up form for an unknown SSO id (the page gives it the groups, fields and policies). */
  renderSignUp: (identity: SsoSignUpIdentity, platformName: string) => ReactNode;
  onBack: () => void;
}

/**
 * /auth?code=…&state=… — the provider sent the browser back: the code goes to
 * `POST /auth/sso-sign-in/` once (a query keyed by the state, never re-sent); a known SSO id is signed
 * in (the page then leaves for the dashboard), an unknown one continues with the SSO sign-up form.
 */
export function SsoCallback({ code, state, iss, renderSignUp, onBack }: Props) {
  const { t } = useTranslation('auth');
  // Read once: the attempt is forgotten as soon as its code is spent.
  const [pending] = useState(() => pendingSso.get());
  const result = useQuery({
    queryKey: ['sso-callback', state],
    enabled: pending !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    queryFn: async () => {
      const res = await ssoSignIn({ code, state, ...(iss ? { iss } : {}), sso_platform_id: pending!.platform_id, redirect_url: pending!.redirect_url });
      pendingSso.clear();
      if (res.sso_status === 'signed_in') adoptSession(res);
      return res;
    },
  });

  if (!pending || result.isError) {
    return (
      <Stack data-testid="sso-callback-error">
        <Alert color="red" title={t('sso.failedTitle')}>
          {pending ? ssoErrorMessage(t, result.error) : t('sso.errors.sso_state_invalid')}
        </Alert>
        <Button variant="light" onClick={onBack} data-testid="sso-back">
          {t('sso.back')}
        </Button>
      </Stack>
    );
  }
  if (result.data?.sso_status === 'sign_up_required') return renderSignUp(result.data, pending.platform_name);
  return (
    <Stack align="center" py="xl" data-testid="sso-callback-loading">
      <Loader />
      <Text c="dimmed">{t('sso.signingIn', { platform: pending.platform_name })}</Text>
    </Stack>
  );
}
