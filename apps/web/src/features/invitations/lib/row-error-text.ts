import type { CustomField } from '@app/contracts/sign-up-settings';
import type { TFunction } from 'i18next';
import { localizedName } from '../../../lib/localized-name';
import type { RowErrorCode } from './bulk-file';

/** A row's §8 upload error in the admin's language, naming the custom field it is about. */
export function rowErrorText(t: TFunction, language: string, o: { error: RowErrorCode | null; field: string | null; firstLine?: number | null }, fields: readonly CustomField[] = []): string {
  const code = o.error ?? 'unknown';
  const f = o.field === null ? undefined : fields.find((x) => String(x.id) === o.field);
  const field = f ? localizedName(f, language) : t('invitations:rowErrors.someField');
  if (code === 'custom_field_duplicated' && o.firstLine) return t('invitations:rowErrors.custom_field_duplicated_in_file', { field, line: o.firstLine });
  return t(`invitations:rowErrors.${code}`, { field, line: o.firstLine ?? '', defaultValue: t('invitations:rowErrors.unknown') });
}
