import type { CustomField } from '@app/contracts/sign-up-settings';
import { NumberInput, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../lib/localized-name';


/**
 * The tenant's custom member fields as inputs (spec §3): text or number, required ones marked.
 * `inputProps(id)` binds one to the caller's form; `readOnly(field)` shows a field without letting
 * it change (on the member's page, the fields only an administrator edits).
 */
export function CustomFieldInputs({ fields, inputProps, readOnly }: { fields: CustomField[]; inputProps: (id: number) => GetInputPropsReturnType; readOnly?: (f: CustomField) => boolean }) {
  const { i18n } = useTranslation();
  return (
    <>
      {fields.map((f) => {
        const common = {
          label: localizedName(f, i18n.language),
          withAsterisk: f.is_required,
          disabled: readOnly?.(f) ?? false,
          'data-testid': `custom-field-${f.id}`,
        };
        return f.field_type === 'number' ? (
          <NumberInput key={f.id} {...common} hideControls allowDecimal inputMode="decimal" {...inputProps(f.id)} />
        ) : (
          <TextInput key={f.id} {...common} maxLength={1000} {...inputProps(f.id)} />
        );
      })}
    </>
  );
}
