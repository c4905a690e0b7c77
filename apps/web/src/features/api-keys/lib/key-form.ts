import { type ApiKey, API_KEY_LIMITS, createApiKeyBody, type CreateApiKeyBody, updateApiKeyBody, type UpdateApiKeyBody } from '@app/contracts/apikeys';
import { expiresAtOf, type ExpiryPreset } from './expiry';

/** The create and edit forms' fields; chatbots are MultiSelect values (strings), none = every chatbot. */
export interface KeyFormValues {
  name: string;
  expiry: ExpiryPreset;
  customDay: string;
  chatbot_ids: string[];
}
export type KeyField = keyof KeyFormValues;

export const NEW_KEY: KeyFormValues = { name: '', expiry: 'never', customDay: '', chatbot_ids: [] };

export const keyFormValues = (k: ApiKey): KeyFormValues => ({ name: k.name, expiry: 'never', customDay: '', chatbot_ids: (k.chatbot_ids ?? []).map(String) });

/** A message of the developers namespace with its values. */
export interface FieldError {
  key: string;
  values?: Record<string, number>;
}
export type FormErrors = Partial<Record<KeyField, FieldError>>;

const chatbotIds = (v: KeyFormValues) => (v.chatbot_ids.length ? v.chatbot_ids.map(Number) : null);

function messageFor(field: 'name' | 'expires_at' | 'chatbot_ids', code: string): [KeyField, FieldError] {
  if (field === 'name') return ['name', code === 'too_big' ? { key: 'form.errors.nameTooLong', values: { max: API_KEY_LIMITS.nameMax } } : { key: 'form.errors.nameRequired' }];
  if (field === 'expires_at') return ['customDay', { key: 'form.errors.dayInvalid' }];
  return ['chatbot_ids', { key: 'form.errors.tooManyChatbots', values: { max: API_KEY_LIMITS.chatbotsMax } }];
}

/** The contract's verdict on a body, as the form's field errors. */
function contractErrors(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; code: string }> } }): FormErrors {
  const errors: FormErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    if (field !== 'name' && field !== 'expires_at' && field !== 'chatbot_ids') continue;
    const [at, message] = messageFor(field, issue.code);
    errors[at] ??= message;
  }
  return errors;
}

/** What to send to create the key, or what is wrong with the form (the contract's rules; the day must be after today). */
export function createBody(v: KeyFormValues, now: Date): { body: CreateApiKeyBody; errors: null } | { body: null; errors: FormErrors } {
  const expiresAt = expiresAtOf(v.expiry, v.customDay, now);
  const body: CreateApiKeyBody = { name: v.name.trim(), expires_at: expiresAt ?? null, chatbot_ids: chatbotIds(v) };
  const errors = contractErrors(createApiKeyBody.safeParse(body));
  if (expiresAt === undefined) errors.customDay = { key: v.customDay ? 'form.errors.dayInvalid' : 'form.errors.dayRequired' };
  else if (expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime()) errors.customDay = { key: 'form.errors.dayPast' };
  return Object.keys(errors).length ? { body: null, errors } : { body, errors: null };
}

const sameSet = (a: number[] | null, b: number[] | null) => (a ?? []).length === (b ?? []).length && [...(a ?? [])].sort().join(',') === [...(b ?? [])].sort().join(',');

/** Only what changed (the name as it will be stored: trimmed); the expiry cannot change after creation. */
export function updateBody(v: KeyFormValues, k: ApiKey): { body: UpdateApiKeyBody; errors: null } | { body: null; errors: FormErrors } {
  const body: UpdateApiKeyBody = {};
  if (v.name.trim() !== k.name) body.name = v.name.trim();
  const ids = chatbotIds(v);
  if (!sameSet(ids, k.chatbot_ids)) body.chatbot_ids = ids;
  const errors = contractErrors(updateApiKeyBody.safeParse(body));
  return Object.keys(errors).length ? { body: null, errors } : { body, errors: null };
}
