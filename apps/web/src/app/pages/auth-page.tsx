import { Alert, Anchor, Box, Center, Flex, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { TenantLogo } from '../../components/tenant-logo';
import { AnnouncementBanner } from '../../features/announcements/components/announcement-banner';
import { MarketingPanel } from '../../features/auth/components/marketing-panel';
import { adoptSession } from '../../features/auth/adopt-session';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { SsoCallback, type SsoSignUpIdentity } from '../../features/auth/components/sso-callback';
import { SsoButtons } from '../../features/sso/components/sso-buttons';
import { usePolicies } from '../../features/policies/api/list-policies';
import { useMemberCountCheck } from '../../features/tenant/api/get-member-count-check';
import { useCustomFields } from '../../entities/custom-fields';
import { useMemberGroups } from '../../entities/member-groups';
import { useTenant } from '../../entities/tenant';
import { errorMessage } from '../../lib/status-messages';
import { useAuth } from '../../lib/use-auth';
import type { AppLanguage } from '../../lib/i18n';

// Sign-up, forgot password and invitations load on demand (they bring the contract rules with zod),
// so signing in stays light.
const SignUpForm = lazy(() => import('../../features/auth/components/sign-up-form').then((m) => ({ default: m.SignUpForm })));
const ForgotPasswordForm = lazy(() => import('../../features/auth/components/forgot-password-form').then((m) => ({ default: m.ForgotPasswordForm })));
const AcceptInvitation = lazy(() => import('../../features/auth/components/accept-invitation-form').then((m) => ({ default: m.AcceptInvitation })));

type View = 'sign-in' | 'sign-up' | 'forgot-password' | 'invitation' | 'sso';

function FormSkeleton() {
  return (
    <Stack data-testid="auth-form-loading">
      <Skeleton height={28} width="50%" />
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} height={36} />
      ))}
    </Stack>
  );
}

/** What sign-up and an invitation read first: the groups, the tenant's sign-up fields and policies. */
function useSignUpData(view: View) {
  // SSO (the provider's callback, a directory sign-in) may end in the SSO sign-up form.
  const forSignUp = view === 'sign-up' || view === 'sso';
  const needed = forSignUp || view === 'invitation';
  const queries = {
    defaultGroups: useMemberGroups(true, forSignUp),
    extraGroups: useMemberGroups(false, forSignUp),
    seats: useMemberCountCheck(forSignUp),
    fields: useCustomFields('signup', needed),
    policies: usePolicies(needed),
  };
  const used = forSignUp ? Object.values(queries) : [queries.fields, queries.policies];
  return { ...queries, loading: used.some((q) => q.isPending), error: used.find((q) => q.isError)?.error };
}

/** /auth: sign in, sign up, forgot password and accepting an invitation (`?invitation=<hash>`). */
export default function AuthPage() {
  const { t } = useTranslation('auth');
  const { accessToken } = useAuth();
  const tenant = useTenant();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const hash = params.get('invitation');
  const asked = params.get('view');
  const ssoCode = params.get('code');
  const ssoState = params.get('state');
  const [directoryIdentity, setDirectoryIdentity] = useState<{ identity: SsoSignUpIdentity; platformName: string } | null>(null);
  // A language picked here is sent with the sign-in and becomes the member's (else the app opens in their saved one).
  const [chosenLanguage, setChosenLanguage] = useState<AppLanguage>();
  const view: View = hash ? 'invitation' : (ssoCode && ssoState) || directoryIdentity ? 'sso' : asked === 'sign-up' || asked === 'forgot-password' ? asked : 'sign-in';
  const data = useSignUpData(view);
  if (accessToken) return <Navigate to="/dashboard/chat" replace />;

  const go = (next: View) => setParams(next === 'sign-in' ? {} : { view: next });
  const signedIn = () => navigate('/dashboard/chat', { replace: true });
  const withData = (render: () => ReactNode) =>
    data.loading ? (
      <FormSkeleton />
    ) : data.error ? (
      <Alert color="red" data-testid="auth-data-error">
        {errorMessage(t, data.error)}
      </Alert>
    ) : (
      render()
    );

  // The sign-up form, plain or for a person a sign-on platform has just confirmed.
  const signUpForm = (sso?: SsoSignUpIdentity & { platformName: string }) =>
    withData(() => (
      <SignUpForm
        defaultGroups={data.defaultGroups.data?.items ?? []}
        extraGroups={data.extraGroups.data?.items ?? []}
        fields={data.fields.data?.items ?? []}
        policies={data.policies.data?.items ?? []}
        full={data.seats.data?.available === false}
        onSignedIn={signedIn}
        onSignIn={() => {
          setDirectoryIdentity(null);
          go('sign-in');
        }}
        sso={sso}
      />
    ));
  const ssoSignUp = (identity: SsoSignUpIdentity, platformName: string) => signUpForm({ ...identity, platformName });

  let body: ReactNode;
  if (view === 'sso' && directoryIdentity) {
    body = ssoSignUp(directoryIdentity.identity, directoryIdentity.platformName);
  } else if (view === 'sso' && ssoCode && ssoState) {
    body = <SsoCallback code={ssoCode} state={ssoState} iss={params.get('iss')} renderSignUp={ssoSignUp} onBack={() => go('sign-in')} />;
  } else if (view === 'sign-up') {
    body = signUpForm();
  } else if (view === 'invitation' && hash) {
    body = withData(() => (
      <AcceptInvitation hash={hash} fields={data.fields.data?.items ?? []} policies={data.policies.data?.items ?? []} onSignedIn={signedIn} onSignIn={() => go('sign-in')} />
    ));
  } else if (view === 'forgot-password') {
    body = <ForgotPasswordForm onSignIn={() => go('sign-in')} />;
  } else {
    body = (
      <Stack gap="md">
        <SignInForm language={chosenLanguage} />
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={() => go('forgot-password')} data-testid="go-forgot-password">
            {t('forgot.link')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => go('sign-up')} data-testid="go-sign-up">
            {t('signUp.link')}
          </Anchor>
        </Group>
        <SsoButtons
          onIdentity={(res, platform) => {
            if (res.sso_status === 'sign_up_required') setDirectoryIdentity({ identity: res, platformName: platform.name });
            else adoptSession(res);
          }}
        />
      </Stack>
    );
  }

  return (
    <Flex mih="100vh" direction={{ base: 'column', md: 'row' }}>
      <Box flex={1} p={{ base: 'lg', md: 48 }} bg="indigo.7" visibleFrom="sm">
        <Box pos="sticky" top={48}>
          <MarketingPanel />
        </Box>
      </Box>
      <Center flex={1} p="lg">
        <Stack w="100%" maw={view === 'sign-in' || view === 'forgot-password' ? 420 : 480} gap="lg" py="lg">
          <Flex justify="space-between" align="center">
            <TenantLogo tenant={tenant.data} loading={tenant.isLoading} height={40} withName />
            <LanguageSwitch compact onChange={setChosenLanguage} />
          </Flex>
          <AnnouncementBanner location="auth" />
          <Paper withBorder p="xl" radius="md" shadow="xs">
            <Suspense fallback={<FormSkeleton />}>{body}</Suspense>
          </Paper>
        </Stack>
      </Center>
    </Flex>
  );
}
