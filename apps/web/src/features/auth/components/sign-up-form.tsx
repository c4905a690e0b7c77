import type { MemberGroupSummary, CustomField, Policy } from '@app/contracts/sign-up-settings';
import { Alert, Anchor, Button, Checkbox, Divider, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customFieldErrors, customFieldInitialValues, customFieldPayload, type CustomFieldFormValues } from '../../../lib/custom-fields';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage, type MessageOverrides } from '../../../lib/status-messages';
import { useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import { useSsoSignUp } from '../api/sso-sign-up';
import { adoptSession } from '../adopt-session';
import { fieldOfError, isCode, isEmail, isSignUpName, isStrongPassword, requestLanguage } from '../lib/form-rules';
import { missingMandatory } from '../lib/policy-gate';
import { MemberExtras } from './member-extras';
import { NewPasswordFields } from './new-password-fields';
import { SignUpEmailCode } from './sign-up-email-code';
import { SignUpPending } from './sign-up-pending';

/** Spec §8 sign-up and send-code texts the error codes do not already give. */
const signUpErrors: MessageOverrides = { 500: 'auth:signUp.errors.500' };

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
  const signUp = useSignUp();
  const ssoSignUp = useSsoSignUp();
  const signIn = useSignIn();
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

  const submit = form.onSubmit((v) => {
    const email = v.email.trim().toLowerCase();
    const onError = (err: Error) => {
      const field = fieldOfError(err);
      if (field) form.setFieldError(field, errorMessage(t, err, signUpErrors));
    };
    const common = {
      email,
      name: v.name.trim(),
      language: requestLanguage(i18n.language),
      default_member_group_id: Number(v.default_member_group_id),
      member_group_ids: v.member_group_ids.map(Number),
      custom_fields: customFieldPayload(fields, v.custom_fields),
      agreements: v.agreements,
    };
    if (sso) {
      ssoSignUp.mutate(
        { ...common, sso_access_token: sso.sso_access_token, sso_platform_id: sso.sso_platform_id },
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
      { ...common, password: v.password, auth_code: v.code.trim() },
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
  const failure = signUp.error ?? signIn.error ?? ssoSignUp.error;

  return (
    <form onSubmit={submit} noValidate data-testid="sign-up-form">
      <Stack gap="md">
        <SignUpHeader sso={sso} full={full} onSignIn={onSignIn} />

        {sso ? (
          <TextInput label={t('signIn.email')} type="email" readOnly description={t('sso.emailProven')} data-testid="sign-up-email" {...form.getInputProps('email')} />
        ) : (
          <SignUpEmailCode
            email={form.values.email}
            checkEmail={() => !form.validateField('email').hasError}
            emailProps={form.getInputProps('email')}
            codeProps={form.getInputProps('code')}
            full={full}
          />
        )}

        <Divider />
        <TextInput label={t('signUp.name')} autoComplete="name" maxLength={100} withAsterisk data-testid="sign-up-name" {...form.getInputProps('name')} />
        {sso ? null : (
          <NewPasswordFields label={t('signIn.password')} testIdPrefix="sign-up" password={form.getInputProps('password')} confirm={form.getInputProps('confirm')} />
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
        <MemberExtras
          fields={fields}
          policies={policies}
          inputProps={(id) => form.getInputProps(`custom_fields.${id}`)}
          agreements={form.values.agreements}
          onAgreements={(ids) => form.setFieldValue('agreements', ids)}
          agreementsError={form.errors.agreements}
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

function SignUpHeader({ sso, full, onSignIn }: { sso: SignUpFormProps['sso']; full: boolean; onSignIn: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <>
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
    </>
  );
}
