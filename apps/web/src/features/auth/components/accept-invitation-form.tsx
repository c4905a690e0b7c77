import type { InvitationVerify } from '@app/contracts/invitations';
import type { CustomField, Policy } from '@app/contracts/sign-up-settings';
import { Alert, Button, Divider, PasswordInput, Skeleton, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { customFieldErrors, customFieldInitialValues, customFieldPayload, type CustomFieldFormValues } from '../../../lib/custom-fields';
import { errorMessage, type MessageOverrides } from '../../../lib/status-messages';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useSignIn } from '../api/sign-in';
import { useVerifyInvitation } from '../api/verify-invitation';
import { fieldOfError, isSignUpName, isStrongPassword, requestLanguage } from '../lib/form-rules';
import { missingMandatory } from '../lib/policy-gate';
import { MemberExtras } from './member-extras';
import { NewPasswordFields } from './new-password-fields';

const acceptErrors: MessageOverrides = { 500: 'auth:signUp.errors.500' };

interface Values {
  name: string;
  temporary_password: string;
  password: string;
  confirm: string;
  custom_fields: CustomFieldFormValues;
  agreements: number[];
}

export interface AcceptInvitationProps {
  hash: string;
  fields: CustomField[];
  policies: Policy[];
  onSignedIn: () => void;
  onSignIn: () => void;
}

/** `/auth?invitation=<hash>`: the link first checked (not found, expired, used), then the form. */
export function AcceptInvitation(props: AcceptInvitationProps) {
  const { t } = useTranslation('auth');
  const verify = useVerifyInvitation(props.hash);
  if (verify.isPending) {
    return (
      <Stack data-testid="invitation-loading">
        <Skeleton height={28} width="60%" />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  // An SSO invitation (decision 039) is accepted by signing in through its platform, not here.
  const sso = !verify.isError && verify.data.sso_platform_id !== null;
  if (verify.isError || sso) {
    return (
      <Stack align="center" gap="sm" py="md" data-testid={sso ? 'invitation-sso' : 'invitation-error'}>
        <ThemeIcon size={56} radius="xl" color="red" variant="light">
          <IconMailOff size={28} />
        </ThemeIcon>
        <Title order={2} ta="center">
          {t('invitation.unusable')}
        </Title>
        <Text c="dimmed" ta="center" size="sm" data-testid="invitation-error-text">
          {verify.isError ? errorMessage(t, verify.error) : t('errors.code.invitation_sso', { ns: 'common' })}
        </Text>
        <Button variant="light" onClick={props.onSignIn} mt="xs">
          {t('forgot.back')}
        </Button>
      </Stack>
    );
  }
  return <AcceptInvitationForm {...props} invitation={verify.data} />;
}

function AcceptInvitationForm({ hash, invitation, fields, policies, onSignedIn }: AcceptInvitationProps & { invitation: InvitationVerify }) {
  const { t, i18n } = useTranslation('auth');
  const accept = useAcceptInvitation();
  const signIn = useSignIn();
  const form = useForm<Values>({
    initialValues: { name: invitation.name, temporary_password: '', password: '', confirm: '', custom_fields: customFieldInitialValues(fields, invitation.custom_fields), agreements: [] },
    validateInputOnBlur: true,
    validate: (v) => ({
      name: isSignUpName(v.name) ? null : t('signUp.validation.name'),
      temporary_password: v.temporary_password ? null : t('invitation.validation.temporary'),
      password: isStrongPassword(v.password) ? null : t('signUp.validation.password'),
      confirm: !v.confirm ? t('signUp.validation.confirmRequired') : v.confirm !== v.password ? t('signUp.validation.confirmMismatch') : null,
      agreements: missingMandatory(policies, v.agreements).length > 0 ? t('policies.required') : null,
      ...customFieldErrors(fields, v.custom_fields, (p) => t(`signUp.validation.field.${p}`)),
    }),
  });

  const submit = form.onSubmit((v) => {
    accept.mutate(
      {
        hash,
        body: {
          email: invitation.email,
          name: v.name.trim(),
          password: v.password,
          temporary_password: v.temporary_password.trim(),
          language: requestLanguage(i18n.language),
          custom_fields: customFieldPayload(fields, v.custom_fields),
          agreements: v.agreements,
        },
      },
      {
        onSuccess: () => signIn.mutate({ email: invitation.email, password: v.password }, { onSuccess: onSignedIn }),
        onError: (err) => {
          const field = fieldOfError(err);
          if (field) form.setFieldError(field, errorMessage(t, err, acceptErrors));
        },
      },
    );
  });
  const failure = accept.error ?? signIn.error;

  return (
    <form onSubmit={submit} noValidate data-testid="invitation-form">
      <Stack gap="md">
        <div>
          <Title order={2}>{t('invitation.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('invitation.description', { date: new Date(invitation.expires_at).toLocaleDateString(i18n.language) })}
          </Text>
        </div>
        <TextInput label={t('signIn.email')} value={invitation.email} readOnly variant="filled" data-testid="invitation-email" />
        <TextInput label={t('signUp.name')} autoComplete="name" maxLength={100} withAsterisk data-testid="invitation-name" {...form.getInputProps('name')} />
        <PasswordInput
          label={t('invitation.temporary')}
          description={t('invitation.temporaryHint')}
          autoComplete="one-time-code"
          withAsterisk
          data-testid="invitation-temporary"
          {...form.getInputProps('temporary_password')}
        />
        <Divider />
        <NewPasswordFields label={t('changePassword.new')} testIdPrefix="invitation" password={form.getInputProps('password')} confirm={form.getInputProps('confirm')} />
        <MemberExtras
          fields={fields}
          policies={policies}
          inputProps={(id) => form.getInputProps(`custom_fields.${id}`)}
          agreements={form.values.agreements}
          onAgreements={(ids) => form.setFieldValue('agreements', ids)}
          agreementsError={form.errors.agreements}
        />
        {failure ? (
          <Alert color="red" data-testid="invitation-submit-error">
            {errorMessage(t, failure, acceptErrors)}
          </Alert>
        ) : null}
        <Button type="submit" loading={accept.isPending || signIn.isPending} fullWidth data-testid="invitation-submit">
          {t('invitation.submit')}
        </Button>
      </Stack>
    </form>
  );
}
