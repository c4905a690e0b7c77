import type { MemberGroupSummary, CustomField, Policy } from '@app/contracts/sign-up-settings';
import { Alert, Anchor, Button, Checkbox, Divider, Group, NativeSelect, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomFieldInputs } from '../../../components/custom-field-inputs';
import { customFieldErrors, customFieldInitialValues, customFieldPayload, type CustomFieldFormValues } from '../../../lib/custom-fields';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage, type MessageOverrides } from '../../../lib/status-messages';
import { useSendCode } from '../api/send-code';
import { useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import { useSsoSignUp } from '../api/sso-sign-up';
import { adoptSession } from '../adopt-session';
import { useCountdown } from '../hooks/use-countdown';
import { fieldOfError, isCode, isEmail, isSignUpName, isStrongPassword, requestLanguage } from '../lib/form-rules';
import { missingMandatory } from '../lib/policy-gate';
import { resendDelay } from '../lib/resend';
import { PolicyAgreements } from './policy-agreements';
import { SignUpPending } from './sign-up-pending';

/** Spec §8 sign-up and send-code texts the error codes do not already give. */
const signUpErrors: MessageOverrides = { 500: 'auth:signUp.errors.500' };
const sendCodeErrors: MessageOverrides = { 409: 'auth:signUp.errors.alreadyMember' };

interface Values {
  email: string;
  code: string;
  name: string;
  password: string;
  confirm: string;
  default_member_group_id: string;
  member_group_ids: string[];
  custom_fields: CustomFieldFormValues;
  agreements: number[];
}

export interface SignUpFormProps {
  defaultGroups: MemberGroupSummary[];
  extraGroups: MemberGroupSummary[];
  fields: CustomField[];
  policies: Policy[];
  /** The plan has no free seat: sign-up would be refused (402). */
  full: boolean;
  onSignedIn: () => void;
  onSignIn: () => void;
  /**
   * SSO sign-up (spec §7 `/auth/sso-sign-up/`): the platform proved the email, so there is no code
   * and no password; the token proves the identity.
   */
  sso?: { sso_access_token: string; sso_platform_id: number; email: string; name: string; platformName?: string };
}

/**
 * Sign-up (spec §4, §5): the email proven with a mailed 6-digit code, then name, password, groups,
 * the tenant's sign-up fields and policies. Ends waiting for approval, or signed in when the
 * tenant approves automatically.
 */
export function SignUpForm({ defaultGroups, extraGroups, fields, policies, full, onSignedIn, onSignIn, sso }: SignUpFormProps) {
  const { t, i18n } = useTranslation('auth');
  const sendCode = useSendCode();
  const signUp = useSignUp();
  const ssoSignUp = useSsoSignUp();
  const signIn = useSignIn();
  const countdown = useCountdown();
  const [sent, setSent] = useState<{ email: string; minutes: number } | null>(null);
  const [pending, setPending] = useState(false);

  const form = useForm<Values>({
    initialValues: {
      email: sso?.email ?? '',
      code: '',
      name: sso?.name.slice(0, 100) ?? '',
      password: '',
      confirm: '',
      // One default group to choose from: chosen already.
      default_member_group_id: defaultGroups.length === 1 ? String(defaultGroups[0]!.id) : '',
      member_group_ids: [],
      custom_fields: customFieldInitialValues(fields),
      agreements: [],
    },
    validateInputOnBlur: true,
    validate: (v) => ({
      email: isEmail(v.email) ? null : t('signUp.validation.email'),
      code: sso || isCode(v.code) ? null : t('signUp.validation.code'),
      name: isSignUpName(v.name) ? null : t('signUp.validation.name'),
      password: sso || isStrongPassword(v.password) ? null : t('signUp.validation.password'),
      confirm: sso ? null : !v.confirm ? t('signUp.validation.confirmRequired') : v.confirm !== v.password ? t('signUp.validation.confirmMismatch') : null,
      default_member_group_id: v.default_member_group_id ? null : t('signUp.validation.group'),
      agreements: missingMandatory(policies, v.agreements).length > 0 ? t('policies.required') : null,
      ...customFieldErrors(fields, v.custom_fields, (p) => t(`signUp.validation.field.${p}`)),
    }),
  });

  const onSendCode = () => {
    if (form.validateField('email').hasError) return;
    const email = form.values.email.trim().toLowerCase();
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

  const submit = form.onSubmit((v) => {
    const email = v.email.trim().toLowerCase();
    const onError = (err: Error) => {
      const field = fieldOfError(err);
      if (field) form.setFieldError(field, errorMessage(t, err, signUpErrors));
    };
    if (sso) {
      ssoSignUp.mutate(
        {
          email,
          name: v.name.trim(),
          language: requestLanguage(i18n.language),
          default_member_group_id: Number(v.default_member_group_id),
          member_group_ids: v.member_group_ids.map(Number),
          custom_fields: customFieldPayload(fields, v.custom_fields),
          agreements: v.agreements,
          sso_access_token: sso.sso_access_token,
          sso_platform_id: sso.sso_platform_id,
        },
        {
          onSuccess: (res) => {
            if (res.session) {
              adoptSession(res.session);
              onSignedIn();
            } else setPending(true);
          },
          onError,
        },
      );
      return;
    }
    signUp.mutate(
      {
        email,
        password: v.password,
        name: v.name.trim(),
        language: requestLanguage(i18n.language),
        auth_code: v.code.trim(),
        default_member_group_id: Number(v.default_member_group_id),
        member_group_ids: v.member_group_ids.map(Number),
        custom_fields: customFieldPayload(fields, v.custom_fields),
        agreements: v.agreements,
      },
      {
        onSuccess: (res) => {
          if (res.member_status === 'pending') setPending(true);
          else signIn.mutate({ email, password: v.password }, { onSuccess: onSignedIn });
        },
        onError,
      },
    );
  });

  if (pending) return <SignUpPending onSignIn={onSignIn} />;

  const groupOptions = (groups: MemberGroupSummary[]) => groups.map((g) => ({ value: String(g.id), label: localizedName(g, i18n.language) }));
  const waiting = countdown.remaining > 0;
  const sendLabel = waiting ? t('signUp.resendIn', { seconds: countdown.remaining }) : sent ? t('signUp.resend') : t('signUp.sendCode');
  const failure = signUp.error ?? signIn.error ?? ssoSignUp.error;

  return (
    <form onSubmit={submit} noValidate data-testid="sign-up-form">
      <Stack gap="md">
        <div>
          <Title order={2}>{sso ? t('sso.signUpTitle') : t('signUp.title')}</Title>
          {sso ? (
            <Text size="sm" c="dimmed" data-testid="sso-sign-up-intro">
              {t('sso.signUpIntro', { platform: sso.platformName ?? '' })}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {t('signUp.haveAccount')}{' '}
            <Anchor component="button" type="button" size="sm" onClick={onSignIn} data-testid="go-sign-in">
              {t('signIn.submit')}
            </Anchor>
          </Text>
        </div>
        {full ? (
          <Alert color="yellow" icon={<IconAlertTriangle size={16} />} data-testid="sign-up-full">
            {t('signUp.full')}
          </Alert>
        ) : null}

        {sso ? (
          <TextInput label={t('signIn.email')} type="email" readOnly description={t('sso.emailProven')} data-testid="sign-up-email" {...form.getInputProps('email')} />
        ) : (
          <>
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <TextInput flex={1} label={t('signIn.email')} type="email" autoComplete="email" withAsterisk data-testid="sign-up-email" {...form.getInputProps('email')} />
              <Button mt={25} variant="light" onClick={onSendCode} loading={sendCode.isPending} disabled={waiting || full} miw={112} data-testid="send-code">
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
            <TextInput
              label={t('signUp.code')}
              description={t('signUp.codeHint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              withAsterisk
              data-testid="sign-up-code"
              {...form.getInputProps('code')}
            />
          </>
        )}

        <Divider />
        <TextInput label={t('signUp.name')} autoComplete="name" maxLength={100} withAsterisk data-testid="sign-up-name" {...form.getInputProps('name')} />
        {sso ? null : (
          <>
            <PasswordInput
              label={t('signIn.password')}
              description={t('signUp.passwordRule')}
              autoComplete="new-password"
              withAsterisk
              data-testid="sign-up-password"
              {...form.getInputProps('password')}
            />
            <PasswordInput label={t('signUp.confirm')} autoComplete="new-password" withAsterisk data-testid="sign-up-confirm" {...form.getInputProps('confirm')} />
          </>
        )}
        <NativeSelect
          label={t('signUp.defaultGroup')}
          data={[{ value: '', label: t('signUp.chooseGroup'), disabled: true }, ...groupOptions(defaultGroups)]}
          withAsterisk
          data-testid="sign-up-default-group"
          {...form.getInputProps('default_member_group_id')}
        />
        {extraGroups.length > 0 ? (
          <Checkbox.Group label={t('signUp.extraGroups')} description={t('signUp.extraGroupsHint')} data-testid="sign-up-extra-groups" {...form.getInputProps('member_group_ids')}>
            <Group gap="md" mt={6}>
              {groupOptions(extraGroups).map((g) => (
                <Checkbox key={g.value} value={g.value} label={g.label} />
              ))}
            </Group>
          </Checkbox.Group>
        ) : null}
        <CustomFieldInputs fields={fields} inputProps={(id) => form.getInputProps(`custom_fields.${id}`)} />
        <PolicyAgreements
          policies={policies}
          value={form.values.agreements}
          onChange={(ids) => form.setFieldValue('agreements', ids)}
          error={typeof form.errors.agreements === 'string' ? form.errors.agreements : null}
        />

        {failure ? (
          <Alert color="red" data-testid="sign-up-error">
            {errorMessage(t, failure, signUpErrors)}
          </Alert>
        ) : null}
        <Button type="submit" loading={signUp.isPending || signIn.isPending || ssoSignUp.isPending} disabled={full} fullWidth data-testid="sign-up-submit">
          {t('signUp.submit')}
        </Button>
      </Stack>
    </form>
  );
}
