import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, type MessageOverrides } from '../../../lib/status-messages';
import { useChangePassword } from '../api/change-password';
import { isStrongPassword } from '../lib/form-rules';

const changeErrors: MessageOverrides = { 500: 'auth:changePassword.errors.500' };

/**
 * A new password in place of the current one (after a mailed temporary password, the temporary
 * one). Every other session ends; this page carries on with the tokens the answer brings.
 */
export function ChangePasswordForm({ forced = false, onChanged }: { forced?: boolean; onChanged?: () => void }) {
  const { t } = useTranslation('auth');
  const change = useChangePassword();
  const form = useForm({
    initialValues: { password: '', new_password: '', confirm: '' },
    validateInputOnBlur: true,
    validate: {
      password: (v) => (v ? null : t(forced ? 'invitation.validation.temporary' : 'changePassword.validation.current')),
      new_password: (v) => (isStrongPassword(v) ? null : t('signUp.validation.password')),
      confirm: (v, all) => (!v ? t('signUp.validation.confirmRequired') : v !== all.new_password ? t('signUp.validation.confirmMismatch') : null),
    },
  });

  const submit = form.onSubmit((v) =>
    change.mutate(
      { password: v.password, new_password: v.new_password },
      {
        onSuccess: () => {
          form.reset();
          onChanged?.();
        },
        onError: (err) => {
          // The API says 422 password_incorrect for a wrong current password.
          if (err instanceof ApiError && err.code === 'password_incorrect') form.setFieldError('password', errorMessage(t, err, changeErrors));
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="change-password-form">
      <Stack gap="md">
        <PasswordInput
          label={t(forced ? 'forcedChange.temporary' : 'changePassword.current')}
          autoComplete="current-password"
          withAsterisk
          data-testid="change-password-current"
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('changePassword.new')}
          description={t('signUp.passwordRule')}
          autoComplete="new-password"
          withAsterisk
          data-testid="change-password-new"
          {...form.getInputProps('new_password')}
        />
        <PasswordInput label={t('signUp.confirm')} autoComplete="new-password" withAsterisk data-testid="change-password-confirm" {...form.getInputProps('confirm')} />
        {change.isError ? (
          <Alert color="red" data-testid="change-password-error">
            {errorMessage(t, change.error, changeErrors)}
          </Alert>
        ) : null}
        <Button type="submit" loading={change.isPending} fullWidth={forced} data-testid="change-password-submit" style={forced ? undefined : { alignSelf: 'flex-start' }}>
          {t(forced ? 'forcedChange.submit' : 'changePassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
