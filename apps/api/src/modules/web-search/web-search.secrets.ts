import { createSecretBox as createLabelledSecretBox } from '../../integrations/secret-box';

/**
 * Tenants' search API keys at rest (architecture §3): the platform's AES-256-GCM box under a key
 * derived from the server secret with this module's label (SSO secrets use their own, decision 039).
 */
export const createSecretBox = (secret: string) => createLabelledSecretBox(secret, 'web-search-keys');
export type { SecretBox } from '../../integrations/secret-box';
