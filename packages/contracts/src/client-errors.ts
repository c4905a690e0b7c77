import { z } from 'zod';
import { okBody } from './common';
import { defineEndpoints } from './endpoint';

/** Longer input is refused; what is kept is cut to 2,900 characters (spec §7) by the server. */
const text = (max: number) => z.string().max(max);

/**
 * `POST /client-errors/`: an uncaught error of the web app (a window `error`, an unhandled promise
 * rejection, or one caught by the error boundary), reported like the server's own errors.
 */
export const clientErrorBody = z
  .object({
    kind: z.enum(['error', 'unhandledrejection', 'boundary']),
    message: text(10_000).trim().min(1),
    stack: text(20_000).optional(),
    /** The page's path (no query: it may hold tokens). */
    path: text(2_000).optional(),
    /** The web app's release, when known. */
    release: text(50).optional(),
  })
  .strict();
export type ClientErrorBody = z.infer<typeof clientErrorBody>;

/** Open to visitors too (an error on the sign-in page), limited per address. */
export const endpoints = defineEndpoints({
  report: { method: 'POST', path: '/client-errors/', auth: 'none', tags: ['errors'], body: clientErrorBody, response: okBody, errors: [400, 422, 429] },
});
