import type { CustomField } from '@app/contracts/sign-up-settings';
import { Checkbox, Input, NumberInput, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/kit/form-modal';
import { useMutationWithToast } from '../../../components/kit/use-mutation-with-toast';
import { useSaveCustomField } from '../api/save-custom-field';

/** The §3 flags, in the order the form shows them. */
export const FLAGS = ['is_signup_field', 'is_required', 'is_editable', 'is_searchable', 'is_unique'] as const;
type Flag = (typeof FLAGS)[number];

type Values = { ko_name: string; en_name: string; field_type: CustomField['field_type']; sort_order: number | string } & Record<Flag, boolean>;

/** The contract's create defaults: a text field asked at sign-up, editable by the member. */
const DEFAULTS: Values = { ko_name: '', en_name: '', field_type: 'text', sort_order: 0, is_signup_field: true, is_required: false, is_editable: true, is_searchable: false, is_unique: false };

export function CustomFieldFormModal({ editing, onClose }: { editing: CustomField | null; onClose: () => void }) {
  const { t } = useTranslation('custom-fields');
  const save = useMutationWithToast(useSaveCustomField(), { success: t(editing ? 'toast.updated' : 'toast.created'), error: t('toast.saveFailed') });
  const name = (v: string) => (v.trim().length >= 1 && v.trim().length <= 100 ? null : t('form.nameRequired'));
  const form = useForm<Values>({
    initialValues: editing
      ? {
          ko_name: editing.ko_name,
          en_name: editing.en_name,
          field_type: editing.field_type,
          sort_order: editing.sort_order,
          is_signup_field: editing.is_signup_field,
          is_required: editing.is_required,
          is_editable: editing.is_editable,
          is_searchable: editing.is_searchable,
          is_unique: editing.is_unique,
        }
      : DEFAULTS,
    validateInputOnBlur: true,
    validate: { ko_name: name, en_name: name },
  });

  const submit = (v: Values) => save.runAsync({ id: editing?.id ?? null, body: { ...v, ko_name: v.ko_name.trim(), en_name: v.en_name.trim(), sort_order: Number(v.sort_order) || 0 } });

  return (
    <FormModal
      title={t(editing ? 'form.editTitle' : 'form.createTitle')}
      testId="custom-field-form"
      size="lg"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      submitTestId="custom-field-save"
      submitDisabled={!form.isDirty()}
    >
      <SimpleGrid cols={2}>
        <TextInput label={t('form.koName')} withAsterisk maxLength={100} data-testid="custom-field-ko-name" {...form.getInputProps('ko_name')} />
        <TextInput label={t('form.enName')} withAsterisk maxLength={100} data-testid="custom-field-en-name" {...form.getInputProps('en_name')} />
      </SimpleGrid>
      <Input.Wrapper label={t('form.type')}>
        <SegmentedControl
          display="flex"
          data={(['text', 'number'] as const).map((v) => ({ value: v, label: t(`type.${v}`) }))}
          data-testid="custom-field-type"
          {...form.getInputProps('field_type')}
        />
      </Input.Wrapper>
      <Stack gap="sm">
        {FLAGS.map((f) => (
          <Checkbox key={f} label={t(`flags.${f}.label`)} description={t(`flags.${f}.description`)} data-testid={`custom-field-${f}`} {...form.getInputProps(f, { type: 'checkbox' })} />
        ))}
      </Stack>
      <NumberInput label={t('form.sortOrder')} description={t('form.sortOrderHint')} min={0} max={10000} allowDecimal={false} w={200} {...form.getInputProps('sort_order')} />
    </FormModal>
  );
}
