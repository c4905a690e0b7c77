import { z } from 'zod';
import { memberSchema } from './members';

export const signInBody = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(200),
});
export type SignInBody = z.infer<typeof signInBody>;

/** Sign-in and refresh both answer the access token plus the member's fields (spec §7). */
export const authResponse = memberSchema.extend({
  access_token: z.string(),
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
  new_password: z.string().min(8).max(200),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
