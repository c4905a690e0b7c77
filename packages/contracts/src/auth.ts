import { z } from 'zod';
import { customFieldValuesSchema, languageSchema, okBody } from './common';
import { defineEndpoints } from './endpoint';
import { memberSchema } from './members';

/** Sign-up rule (spec §5): at least 8 characters with letters, digits and a special character. */
export function isStrongPassword(password: string): boolean {
  return password.length >= 8 && /\p{L}/u.test(password) && /\d/.test(password) && /[^\p{L}\d]/u.test(password);
}
export const newPasswordSchema = z.string().max(200).refine(isStrongPassword, 'password_too_weak');
export const emailSchema = z.string({ error: 'email_invalid' }).trim().toLowerCase().max(254, 'email_invalid').email('email_invalid');
/** Sign-up names: 2 to 100 characters (spec §9). */
export const signUpNameSchema = z.string({ error: 'name_invalid' }).trim().min(2, 'name_invalid').max(100, 'name_invalid');

export const signInBody = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(200),
  /** The language chosen on the sign-in page: saved as the member's, so the app opens in it. */
  language: languageSchema.optional(),
});
export type SignInBody = z.infer<typeof signInBody>;

/** Sign-in and refresh both answer the access token plus the member's fields (spec §7). */
export const authResponse = memberSchema.extend({
  access_token: z.string(),
  /** Signed in with a temporary password: the web app asks for a new one before anything else. */
  must_change_password: z.boolean(),
  /** Also set as an httpOnly cookie; returned for API clients. */
  refresh_token: z.string(),
});
export type AuthResponse = z.infer<typeof authResponse>;

/** Browsers send the refresh token as a cookie and may send no body at all. */
export const refreshBody = z.preprocess(
  (v) => v ?? {},
  z.object({ redirect_url: z.string().max(2000).optional(), refresh_token: z.string().max(200).optional() }),
);

export const changePasswordBody = z.object({
  password: z.string().min(1).max(200),
  new_password: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** `POST /auth/code/`: a 6-digit code mailed for sign-up. */
export const sendCodeBody = z.object({ email: emailSchema, language: languageSchema.default('ko') });
export type SendCodeBody = z.input<typeof sendCodeBody>;
export const sendCodeResponse = z.object({
  /** Seconds the code stays valid. */
  expires_in: z.number().int(),
  /** Seconds until another code may be sent. */
  resend_after: z.number().int(),
});
export type SendCodeResponse = z.infer<typeof sendCodeResponse>;

export const signUpBody = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  name: signUpNameSchema,
  language: languageSchema.default('ko'),
  auth_code: z.string().trim().regex(/^\d{6}$/, 'code_incorrect'),
  default_member_group_id: z.number({ error: 'group_invalid' }).int().positive('group_invalid'),
  member_group_ids: z.array(z.number().int().positive()).max(50).default([]),
  custom_fields: customFieldValuesSchema.default({}),
  /** Ids of the policies the person agreed to. */
  agreements: z.array(z.number().int().positive()).max(50).default([]),
});
export type SignUpBody = z.input<typeof signUpBody>;
export const signUpResponse = z.object({
  /** `active`: sign in now; `pending`: an administrator approves first. */
  member_status: z.enum(['active', 'pending']),
  email: z.string(),
});
export type SignUpResponse = z.infer<typeof signUpResponse>;

/** `POST /auth/reset-password/`: mails a temporary password (the answer never tells whether the email is registered). */
export const resetPasswordBody = z.object({ email: emailSchema, language: languageSchema.optional() });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;


/** Sign-in, refresh and sign-out set or clear the refresh cookie (`/api/auth/`); sign-up is `sign-up.ts`'s. */
export const endpoints = defineEndpoints({
  signIn: {
    method: 'POST',
    path: '/auth/sign-in/',
    auth: 'none',
    malformedIsBadRequest: true,
    tags: ['auth'],
    body: signInBody,
    response: authResponse,
    errors: [400, 401, 403, 422, 423, 429],
  },
  refresh: { method: 'POST', path: '/auth/refresh/', auth: 'none', tags: ['auth'], body: refreshBody, response: authResponse, errors: [401, 403] },
  signOut: { method: 'POST', path: '/auth/sign-out/', auth: 'none', tags: ['auth'], body: refreshBody, response: okBody, errors: [] },
  changePassword: { method: 'POST', path: '/auth/change-password/', tags: ['auth'], body: changePasswordBody, response: authResponse, errors: [401, 422] },
  resetPassword: {
    method: 'POST',
    path: '/auth/reset-password/',
    auth: 'none',
    malformedIsBadRequest: true,
    tags: ['auth'],
    body: resetPasswordBody,
    response: okBody,
    errors: [400, 422, 424, 429],
  },
});
