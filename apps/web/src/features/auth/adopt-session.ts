import type { AuthResponse } from '@app/contracts/auth';
import { authStore } from '../../lib/auth-store';
import { i18n, isLanguage, setLanguage } from '../../lib/i18n';

/** Keeps the member and token, and switches to the member's saved language (their choice). */
export function adoptSession(res: AuthResponse): void {
  authStore.setFromAuth(res);
  if (isLanguage(res.language) && res.language !== i18n.language) void setLanguage(res.language);
}
