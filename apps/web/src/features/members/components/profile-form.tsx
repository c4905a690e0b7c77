import type { Member } from '@app/contracts/members';
import type { CustomField } from '@app/contracts/sign-up-settings';
import { Alert, Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { CustomFieldInputs } from '../../../components/custom-field-inputs';
import { LANGUAGE_NAMES } from '../../../components/language-switch';
import { customFieldErrors, customFieldInitialValues, customFieldPayload, type CustomFieldFormValues } from '../../../lib/custom-fields';
import { type AppLanguage, isLanguage, LANGUAGES, setLanguage } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/status-messages';
import { useUpdateMember } from '../api/update-member';

interface Values {
  name: string;
  language: AppLanguage;
  custom_fields: CustomFieldFormValues;
}

/**
 * The member's own record: name, language and the custom fields the tenant lets members edit; the
 * others are shown as they are (an administrator changes them).
 */
export function ProfileForm({ member, fields }: { member: Member; fields: CustomField[] }) {
  const { t } = useTranslation('members');
  const update = useUpdateMember();
  const editable = fields.filter((f) => f.is_editable);
  const form = useForm<Values>({
    initialValues: { name: member.name, language: isLanguage(member.language) ? member.language : 'ko', custom_fields: customFieldInitialValues(fields, member.custom_fields) },
    validateInputOnBlur: true,
    validate: (v) => ({
      name: v.name.trim().length >= 1 && v.name.trim().length <= 100 ? null : t('profile.validation.name'),
      ...customFieldErrors(editable, v.custom_fields, (p) => t(`profile.validation.field.${p}`)),
    }),
  });

  const submit = form.onSubmit((v) =>
    update.mutate(
      { id: member.id, body: { name: v.name.trim(), language: v.language, ...(editable.length > 0 && { custom_fields: customFieldPayload(editable, v.custom_fields, { keepBlank: true }) }) } },
      {
        onSuccess: (saved) => {
          form.resetDirty({ ...v, name: saved.name });
          if (isLanguage(saved.language)) void setLanguage(saved.language);
          notifications.show({ color: 'green', message: t('profile.saved') });
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="profile-form">
      <Stack gap="md">
        <TextInput label={t('profile.email')} value={member.email} readOnly variant="filled" />
        <TextInput label={t('profile.name')} maxLength={100} withAsterisk data-testid="profile-name" {...form.getInputProps('name')} />
        <NativeSelect
          label={t('profile.language')}
          data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          data-testid="profile-language"
          {...form.getInputProps('language')}
        />
        <CustomFieldInputs fields={fields} inputProps={(id) => form.getInputProps(`custom_fields.${id}`)} readOnly={(f) => !f.is_editable} />
        {update.isError ? (
          <Alert color="red" data-testid="profile-error">
            {errorMessage(t, update.error)}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" disabled={!form.isDirty()} loading={update.isPending} data-testid="profile-save">
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
