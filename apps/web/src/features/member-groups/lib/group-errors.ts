import { ApiError } from '../../../lib/api-client';
import type { MessageOverrides } from '../../../lib/status-messages';

/** Spec §8 "Groups" (and §5): the texts of this area's refusals, from this namespace, by the error's code. */
const BY_CODE: Record<string, string> = {
  group_ko_name_taken: 'member-groups:form.errors.ko_nameTaken',
  group_en_name_taken: 'member-groups:form.errors.en_nameTaken',
  default_group_locked: 'member-groups:errors.defaultLocked',
  group_not_found: 'member-groups:errors.groupNotFound',
  unlimited_model_locked: 'member-groups:models.unlimitedLocked',
  model_not_found: 'member-groups:errors.modelNotFound',
};

/**
 * Overrides for `errorMessage`: the text for this error's code where the area has one; a refused
 * group creation (403) asks to sign out and retry (spec §6). Anything else keeps the generic texts.
 */
export function groupErrorOverrides(err: unknown, o: { creating?: boolean } = {}): MessageOverrides {
  if (!(err instanceof ApiError)) return {};
  const key = BY_CODE[err.code] ?? (o.creating && err.status === 403 ? 'member-groups:toast.create403' : undefined);
  return key ? { [err.status]: key } : {};
}
